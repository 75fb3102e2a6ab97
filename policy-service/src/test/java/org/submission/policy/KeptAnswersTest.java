package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
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
 * pass-core writes it, is in a person's very next answer, and a backend account's within the read
 * period, though the graph was kept (without PASS's change counter and the rows' versions a kept
 * graph would be served for {@code POLICY_ANSWER_CACHE_MAX_AGE}, ten minutes). Each test first has
 * the answer served from the kept graph, so that it is the kept graph the change must not hide.
 */
@QuarkusTest
@WithTestResource(PolicyTestDatabase.class)
class KeptAnswersTest {

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
        await().atMost(Duration.ofSeconds(10)).until(() -> CounterRead.listening(registry));
    }

    @Test
    void anAnswerAskedForAgainIsServedFromTheKeptGraph() {
        CounterRead.caughtUp(registry);
        double before = hits();

        policies();
        policies();

        assertThat(hits()).isEqualTo(before + 1);
    }

    @Test
    void aFundersNewPolicyIsInTheNextAnswer() throws SQLException {
        keptAnswerIs("S", id("P1"));

        sql("UPDATE pass_funder SET policy_id = " + id("P2") + " WHERE id = " + id("F1"));

        assertThat(policiesAs(Requests.as(SUBMITTER), "S")).containsExactly(id("P2"));
    }

    @Test
    void aBackendAccountsAnswerHasTheChangeOnceTheCounterIsRead() throws SQLException {
        keptAnswerIs("S", id("P1"));

        sql("UPDATE pass_funder SET policy_id = " + id("P2") + " WHERE id = " + id("F1"));
        CounterRead.caughtUp(registry);

        assertThat(policies()).containsExactly(id("P2"));
    }

    @Test
    void aGrantAddedToTheSubmissionIsInTheNextAnswer() throws SQLException {
        keptAnswerIs("S", id("P1"));

        sql("INSERT INTO pass_submission_grants (submission_id, grants_id) VALUES (" + id("S") + ", " + id("G3") + ")");

        assertThat(policiesAs(Requests.as(SUBMITTER), "S")).containsExactly(id("P1"), id("P3"));
    }

    @Test
    void aGrantTakenFromTheSubmissionIsGoneFromTheNextAnswer() throws SQLException {
        sql("INSERT INTO pass_submission_grants (submission_id, grants_id) VALUES (" + id("S") + ", " + id("G3") + ")");
        keptAnswerIs("S", id("P1"), id("P3"));

        sql("DELETE FROM pass_submission_grants WHERE submission_id = " + id("S") + " AND grants_id = " + id("G3"));

        assertThat(policiesAs(Requests.as(SUBMITTER), "S")).containsExactly(id("P1"));
    }

    // the counter is read every 100 ms: a request right after a commit would mostly meet the graph
    // of before it; the submitter asks, as the PASS UI does right after saving
    @Test
    void aPersonsRequestRightAfterACommitSeesItThoughItsGraphWasKept() throws SQLException {
        for (int i = 0; i < 10; i++) {
            String policy = i % 2 == 0 ? "P2" : "P1";
            keptAnswerIs("S", id(policy.equals("P2") ? "P1" : "P2"));

            sql("UPDATE pass_funder SET policy_id = " + id(policy) + " WHERE id = " + id("F1"));

            assertThat(policiesAs(Requests.as(SUBMITTER), "S")).containsExactly(id(policy));
        }
    }

    @Test
    void aChangeMadeWhileThePoolsConnectionsAreCutIsNotHiddenByAKeptAnswer() throws SQLException {
        keptAnswerIs("S", id("P1"));

        sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'vertx-pg-client'");
        sql("UPDATE pass_funder SET policy_id = " + id("P2") + " WHERE id = " + id("F1"));

        await().atMost(Duration.ofSeconds(10)).until(() -> policies().equals(List.of(id("P2"))));
    }

    @Test
    void oneStatementChangingManySubmissionsChangesTheNextAnswerOfEach() throws SQLException {
        List<String> submissions = List.of("S", "S1", "S2");
        submissions.forEach(submission -> keptAnswerIs(submission, id("P1")));

        sql("UPDATE pass_submission_grants SET grants_id = " + id("G3") + " WHERE grants_id = " + id("G1"));

        submissions.forEach(submission -> assertThat(policiesAs(Requests.as(SUBMITTER), submission)).containsExactly(id("P3")));
    }

    @Test
    void aSubmissionDeletedIsNoLongerAnsweredThoughItsGraphWasKept() throws SQLException {
        keptAnswerIs("S2", id("P1"));

        sql("DELETE FROM pass_submission_grants WHERE submission_id = " + id("S2"),
                "DELETE FROM pass_submission WHERE id = " + id("S2"));

        Requests.as(SUBMITTER).queryParam("submission", ids.get("S2")).get("/policy/policies").then().statusCode(404);
    }

    @Test
    void aTransactionRolledBackChangesNoKeptAnswer() throws SQLException {
        keptAnswerIs("S", id("P1"));

        try (Connection connection = dataSource.getConnection(); Statement each = connection.createStatement()) {
            connection.setAutoCommit(false);
            each.execute("UPDATE pass_funder SET policy_id = " + id("P2") + " WHERE id = " + id("F1"));
            connection.rollback();
        }

        keptAnswerIs("S", id("P1"));
    }

    @Test
    void withoutEveryTriggerOfTheCounterNoChangeIsHiddenByAKeptAnswer() throws SQLException {
        keptAnswerIs("S", id("P1"));
        sql("DROP TRIGGER submission_services_counted ON pass_funder");
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> !CounterRead.listening(registry));

            sql("UPDATE pass_funder SET policy_id = " + id("P2") + " WHERE id = " + id("F1"));

            assertThat(policies()).containsExactly(id("P2"));
            sql("UPDATE pass_funder SET policy_id = " + id("P1") + " WHERE id = " + id("F1"));
            assertThat(policies()).containsExactly(id("P1"));
        } finally {
            sql("CREATE TRIGGER submission_services_counted AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pass_funder"
                    + " FOR EACH STATEMENT EXECUTE FUNCTION pass_changes_counted()");
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> CounterRead.listening(registry));
    }

    /**
     * The submission's answer is {@code policies}, and is served from its kept graph: asked until it
     * is, since a graph read while PASS's change counter had just moved (the seed, a write) is read again.
     */
    private void keptAnswerIs(String submission, String... policies) {
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            double before = hits();
            assertThat(policiesOf(submission)).containsExactly(policies);
            return hits() > before;
        });
    }

    private List<String> policies() {
        return policiesOf("S");
    }

    private List<String> policiesOf(String submission) {
        return policiesAs(Requests.backend(), submission);
    }

    private List<String> policiesAs(RequestSpecification caller, String submission) {
        return caller.queryParam("submission", ids.get(submission)).get("/policy/policies")
                .then().statusCode(200).extract().jsonPath().getList("id");
    }

    private String id(String key) {
        return String.valueOf(ids.get(key));
    }

    private double hits() {
        return registry.get("policy_answer_cache_requests").tag("result", "hit").counter().count();
    }

    private void sql(String... statements) throws SQLException {
        fixture.sql(statements);
    }
}
