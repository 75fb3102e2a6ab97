package org.submission.platform.testing;

import io.quarkus.arc.Arc;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import javax.sql.DataSource;
import org.submission.shared.seed.SeedLoader;

/** Test data through the product's own seed loader, on a database emptied first. */
public final class TestData {

    private static final String TABLES = "pass_submission_grants, pass_submission_effectivepolicies,"
            + " pass_submission_preparers, pass_submission_repositories, pass_submission, pass_grant,"
            + " pass_funder, pass_policy_repositories, pass_policy, pass_repository, pass_user_locators,"
            + " pass_user, pass_publication, pass_journal_issns, pass_journal";

    private TestData() {
    }

    public static void clear(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("TRUNCATE " + TABLES);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Empties the database and loads the seed (in a running Quarkus test); answers the id of each record key. */
    public static Map<String, Long> replaceWith(DataSource dataSource, String seedJson) {
        clear(dataSource);
        return Arc.container().instance(SeedLoader.class).get().loadAndAwait(seedJson, "test seed", false);
    }
}
