package org.submission.policy;

import io.restassured.response.Response;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.submission.platform.testing.Requests;

/**
 * The dry-run tests' submissions and requests: a candidate that gives Funder One another policy
 * for manuscripts accepted from 2025-01-01, and submissions of the fixture's submitter, newest
 * first 1000001, 1000002, ..., every other one accepted in 2025, which it changes.
 */
@Singleton
class DryRunSubmissions {

    static final String CANDIDATE = """
            version: 1
            policies:
              - policy: "Funder Four Policy"
                funders: ["Funder One"]
                when: {accepted: {from: 2025-01-01}}
            """;

    private final Fixture fixture;
    private final DataSource dataSource;

    DryRunSubmissions(Fixture fixture, DataSource dataSource) {
        this.fixture = fixture;
        this.dataSource = dataSource;
    }

    /** {@code count} submissions like S-funders (one grant of the fixture, P1 their stored effective policy), submitted in the last days. */
    void seed(int count, String grant) throws SQLException {
        fixture.ids();
        sql("INSERT INTO pass_submission (id, submitter_id, metadata, submitteddate)"
                        + " SELECT 1000000 + i, " + fixture.id("ulrich") + ","
                        + " CASE WHEN i % 2 = 0 THEN '{\"acceptedDate\": \"2025-03-01\"}' ELSE '{\"acceptedDate\": \"2024-03-01\"}' END,"
                        + " now() - i * interval '1 minute' FROM generate_series(1, " + count + ") i",
                "INSERT INTO pass_submission_grants (submission_id, grants_id) SELECT 1000000 + i, " + fixture.id(grant)
                        + " FROM generate_series(1, " + count + ") i",
                "INSERT INTO pass_submission_effectivepolicies (submission_id, effectivepolicies_id) SELECT 1000000 + i, "
                        + fixture.id("P1") + " FROM generate_series(1, " + count + ") i",
                "ANALYZE");
    }

    /** Removes what {@link #seed} added. */
    void forget() throws SQLException {
        sql("DELETE FROM pass_submission_effectivepolicies WHERE submission_id >= 1000000",
                "DELETE FROM pass_submission_grants WHERE submission_id >= 1000000",
                "DELETE FROM pass_submission WHERE id >= 1000000");
    }

    /** The backend account's dry run of a candidate, with the query string (empty or starting with '?'). */
    static Response dryRun(String candidate, String query) {
        return Requests.backend().contentType("application/yaml").body(candidate.getBytes(StandardCharsets.UTF_8))
                .post("/policy/rules/dry-run" + query);
    }

    /** The statements the service's requests made since pg_stat_statements was last reset. */
    long requestStatements() throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(PolicyTestDatabase.REQUESTS_CALLS)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    void sql(String... statements) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            for (String each : statements) {
                statement.execute(each);
            }
        }
    }
}
