package org.submission.policy;

import io.micrometer.core.instrument.MeterRegistry;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import javax.sql.DataSource;
import org.submission.platform.testing.TestData;

/**
 * The HTTP tests' data set ({@code fixtures/policy-cases.json}), loaded through the product's seed
 * loader only when another test replaced it, so most tests share one load.
 */
@Singleton
class Fixture {

    private static final String RESOURCE = "fixtures/policy-cases.json";

    private final DataSource dataSource;
    private final MeterRegistry registry;
    private Map<String, Long> loaded;

    Fixture(DataSource dataSource, MeterRegistry registry) {
        this.dataSource = dataSource;
        this.registry = registry;
    }

    /** Makes sure the fixture is the database's content; answers the id of each record key. */
    synchronized Map<String, Long> ids() {
        if (loaded == null) {
            loaded = Map.copyOf(TestData.replaceWith(dataSource, text()));
        }
        return loaded;
    }

    /** The id of a record key of the fixture (null for a key it does not have). */
    Long id(String key) {
        return ids().get(key);
    }

    /** Replaces the database's content with other data; the next {@link #ids} reloads the fixture. */
    synchronized Map<String, Long> replaceWith(String seedJson) {
        loaded = null;
        return TestData.replaceWith(dataSource, seedJson);
    }

    /** Runs each statement in its own transaction, in order. */
    void sql(String... statements) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            for (String each : statements) {
                statement.execute(each);
            }
        }
    }

    /** Once this returns, the pod has read every change committed before the call ({@link CounterRead}). */
    void caughtUp() {
        CounterRead.caughtUp(registry);
    }

    private static String text() {
        try (InputStream in = Fixture.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
