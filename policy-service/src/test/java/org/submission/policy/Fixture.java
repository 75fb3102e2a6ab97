package org.submission.policy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import javax.sql.DataSource;
import org.submission.shared.testing.TestData;

/**
 * The HTTP tests' data set ({@code fixtures/policy-cases.json}), loaded through the product's seed
 * loader only when another test replaced it, so most tests share one load.
 */
final class Fixture {

    private static final String RESOURCE = "fixtures/policy-cases.json";
    private static Map<String, Long> loaded;

    private Fixture() {
    }

    /** Makes sure the fixture is the database's content; answers the id of each record key. */
    static synchronized Map<String, Long> ids(DataSource dataSource) {
        if (loaded == null) {
            loaded = Map.copyOf(TestData.replaceWith(dataSource, text()));
        }
        return loaded;
    }

    /** Replaces the database's content with other data; the next {@link #ids} reloads the fixture. */
    static synchronized Map<String, Long> replaceWith(DataSource dataSource, String seedJson) {
        loaded = null;
        return TestData.replaceWith(dataSource, seedJson);
    }

    private static String text() {
        try (InputStream in = Fixture.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
