package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.Requests;

/**
 * PASS's change log as pass-core's writes fill it: one row per statement however many rows and
 * submissions it changes, each of them dropped from the kept answers; and a pod that cannot read
 * the log keeps nothing.
 */
@QuarkusTest
@WithTestResource(PolicyTestDatabase.class)
class ChangeLogTest {

    private static final Duration READ = Duration.ofSeconds(10);
    private static final String SEED = """
            {"users": [{"key": "u", "username": "logged@elsewhere.org"}],
             "policies": [{"key": "P1", "title": "First"}, {"key": "P3", "title": "Third"}],
             "funders": [{"key": "F1", "name": "One", "policy": "P1"}, {"key": "F3", "name": "Three", "policy": "P3"}],
             "grants": [{"key": "G1", "primaryFunder": "F1"}, {"key": "G3", "primaryFunder": "F3"}],
             "submissions": [{"key": "S1", "submitter": "u", "grants": ["G1"]}, {"key": "S2", "submitter": "u", "grants": ["G1"]},
                             {"key": "S3", "submitter": "u", "grants": ["G1"]}]}""";

    @Inject
    Fixture fixture;

    @Inject
    DataSource dataSource;

    @Inject
    MeterRegistry registry;

    private Map<String, Long> ids;

    @BeforeEach
    void seedAndRead() {
        ids = fixture.replaceWith(SEED);
        await().atMost(READ).until(() -> listening() == 1);
    }

    @Test
    void oneStatementChangingManySubmissionsLogsOneRowAndChangesTheAnswerOfEach() throws SQLException {
        List<String> submissions = List.of("S1", "S2", "S3");
        submissions.forEach(submission -> assertThat(policies(submission)).containsExactly(id("P1")));
        long last = count("SELECT coalesce(max(seq), 0) FROM policy_change_log");

        sql("UPDATE pass_submission_grants SET grants_id = " + id("G3") + " WHERE grants_id = " + id("G1"));

        assertThat(count("SELECT count(*) FROM policy_change_log WHERE seq > " + last)).isEqualTo(1);
        submissions.forEach(submission -> await().atMost(READ).until(() -> policies(submission).equals(List.of(id("P3")))));
    }

    @Test
    void whileTheChangeLogCannotBeReadNothingIsKept() throws SQLException {
        policies("S1");
        sql("ALTER TABLE policy_change_log RENAME TO policy_change_log_away");
        try {
            await().atMost(READ).until(() -> listening() == 0);
            double before = hits();

            policies("S1");
            policies("S1");

            assertThat(hits()).isEqualTo(before);
        } finally {
            sql("ALTER TABLE policy_change_log_away RENAME TO policy_change_log");
        }
        await().atMost(READ).until(() -> listening() == 1);
    }

    private List<String> policies(String submission) {
        return Requests.backend().queryParam("submission", ids.get(submission)).get("/policy/policies")
                .then().statusCode(200).extract().jsonPath().getList("id");
    }

    private String id(String key) {
        return String.valueOf(ids.get(key));
    }

    private double hits() {
        return registry.get("policy_answer_cache_requests").tag("result", "hit").counter().count();
    }

    private double listening() {
        return registry.get("policy_answer_cache_listening").gauge().value();
    }

    private long count(String query) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement each = connection.createStatement();
             ResultSet rows = each.executeQuery(query)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private void sql(String statement) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement each = connection.createStatement()) {
            each.execute(statement);
        }
    }
}
