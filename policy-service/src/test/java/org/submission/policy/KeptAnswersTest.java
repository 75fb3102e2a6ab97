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
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.Requests;

/**
 * Answers kept between requests stay true to PASS: each change written to PASS's tables, as
 * pass-core writes it, is in the next answers once the pod has read it from PASS's change log (well
 * within the wait here; without the log a kept graph would be served for
 * {@code POLICY_ANSWER_CACHE_MAX_AGE}, ten minutes): one row per statement however many rows and
 * submissions it changes, each of them dropped from the kept answers. Nothing kept is served while
 * the log cannot be read.
 */
@QuarkusTest
@WithTestResource(PolicyTestDatabase.class)
class KeptAnswersTest {

    private static final Duration NOTICE = Duration.ofSeconds(10);
    private static final String SUBMITTER = "kept@elsewhere.org";
    private static final String SEED = """
            {"users": [{"key": "u", "username": "kept@elsewhere.org"}],
             "policies": [{"key": "P1", "title": "First"}, {"key": "P2", "title": "Second"}, {"key": "P3", "title": "Third"}],
             "funders": [{"key": "F1", "name": "One", "policy": "P1"}, {"key": "F3", "name": "Three", "policy": "P3"}],
             "grants": [{"key": "G1", "primaryFunder": "F1"}, {"key": "G3", "primaryFunder": "F3"}],
             "submissions": [{"key": "S", "submitter": "u", "grants": ["G1"]}, {"key": "S1", "submitter": "u", "grants": ["G1"]},
                             {"key": "S2", "submitter": "u", "grants": ["G1"]}]}""";

    @Inject
    Fixture fixture;

    @Inject
    DataSource dataSource;

    @Inject
    MeterRegistry registry;

    private Map<String, Long> ids;

    @BeforeEach
    void seedAndListen() {
        ids = fixture.replaceWith(SEED);
        await().atMost(NOTICE).until(() -> listening() == 1);
    }

    @Test
    void anAnswerAskedForAgainIsServedFromTheKeptGraph() {
        double before = hits();

        policies();
        policies();

        assertThat(hits()).isEqualTo(before + 1);
    }

    @Test
    void aFundersNewPolicyIsInTheAnswersOnceItsNoticeArrives() throws SQLException {
        assertThat(policies()).containsExactly(id("P1"));

        sql("UPDATE pass_funder SET policy_id = " + id("P2") + " WHERE id = " + id("F1"));

        await().atMost(NOTICE).until(() -> policies().equals(List.of(id("P2"))));
    }

    @Test
    void aGrantAddedToTheSubmissionIsInTheAnswersOnceItsNoticeArrives() throws SQLException {
        assertThat(policies()).containsExactly(id("P1"));

        sql("INSERT INTO pass_submission_grants (submission_id, grants_id) VALUES (" + id("S") + ", " + id("G3") + ")");

        await().atMost(NOTICE).until(() -> policies().equals(List.of(id("P1"), id("P3"))));
    }

    // the pod reads the log every 100 ms: a request right after a commit would mostly meet the graph
    // of before it; the submitter asks, as the PASS UI does right after saving
    @Test
    void aPersonsRequestRightAfterACommitSeesItThoughItsGraphWasKept() throws SQLException {
        for (int i = 0; i < 10; i++) {
            String policy = i % 2 == 0 ? "P2" : "P1";
            await().atMost(NOTICE).until(this::servedFromAKeptGraph);

            sql("UPDATE pass_funder SET policy_id = " + id(policy) + " WHERE id = " + id("F1"));

            assertThat(policiesAs(Requests.as(SUBMITTER))).containsExactly(id(policy));
        }
    }

    @Test
    void aChangeMadeWhileThePoolsConnectionsAreCutIsNotHiddenByAKeptAnswer() throws SQLException {
        policies();

        sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'vertx-pg-client'");
        sql("UPDATE pass_funder SET policy_id = " + id("P2") + " WHERE id = " + id("F1"));

        await().atMost(NOTICE).until(() -> policies().equals(List.of(id("P2"))));
        await().atMost(NOTICE).until(() -> listening() == 1);
    }

    @Test
    void oneStatementChangingManySubmissionsLogsOneRowAndChangesTheAnswerOfEach() throws SQLException {
        List<String> submissions = List.of("S", "S1", "S2");
        submissions.forEach(submission -> assertThat(policiesOf(submission)).containsExactly(id("P1")));
        long last = count("SELECT coalesce(max(seq), 0) FROM policy_change_log");

        sql("UPDATE pass_submission_grants SET grants_id = " + id("G3") + " WHERE grants_id = " + id("G1"));

        assertThat(count("SELECT count(*) FROM policy_change_log WHERE seq > " + last)).isEqualTo(1);
        submissions.forEach(submission -> await().atMost(NOTICE).until(() -> policiesOf(submission).equals(List.of(id("P3")))));
    }

    @Test
    void whileTheChangeLogCannotBeReadNothingIsKept() throws SQLException {
        policies();
        sql("ALTER TABLE policy_change_log RENAME TO policy_change_log_away");
        try {
            await().atMost(NOTICE).until(() -> listening() == 0);
            double before = hits();

            policies();
            policies();

            assertThat(hits()).isEqualTo(before);
        } finally {
            sql("ALTER TABLE policy_change_log_away RENAME TO policy_change_log");
        }
        await().atMost(NOTICE).until(() -> listening() == 1);
    }

    @Test
    void withoutEveryTriggerOfTheChangeLogNothingIsKept() throws SQLException {
        policies();
        sql("DROP TRIGGER submission_services_log ON pass_funder");
        try {
            await().atMost(NOTICE).until(() -> listening() == 0);
            double before = hits();

            sql("UPDATE pass_funder SET policy_id = " + id("P2") + " WHERE id = " + id("F1"));

            assertThat(policies()).containsExactly(id("P2"));
            assertThat(policies()).containsExactly(id("P2"));
            assertThat(hits()).isEqualTo(before);
        } finally {
            sql("CREATE TRIGGER submission_services_log AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pass_funder"
                    + " FOR EACH STATEMENT EXECUTE FUNCTION pass_shared_rows_logged()");
        }
        await().atMost(NOTICE).until(() -> listening() == 1);
    }

    private List<String> policies() {
        return policiesAs(Requests.backend());
    }

    private List<String> policiesOf(String submission) {
        return policiesAs(Requests.backend(), submission);
    }

    private List<String> policiesAs(RequestSpecification caller) {
        return policiesAs(caller, "S");
    }

    private List<String> policiesAs(RequestSpecification caller, String submission) {
        return caller.queryParam("submission", ids.get(submission)).get("/policy/policies")
                .then().statusCode(200).extract().jsonPath().getList("id");
    }

    private boolean servedFromAKeptGraph() {
        double before = hits();
        policiesAs(Requests.as(SUBMITTER));
        return hits() > before;
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
