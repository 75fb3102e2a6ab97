package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.submission.policy.DryRunSubmissions.CANDIDATE;
import static org.submission.policy.DryRunSubmissions.dryRun;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.ExternalTool;
import org.submission.platform.testing.Requests;

/**
 * The dry run on the fixture's funders: {@link DryRunSubmissions}'s candidate, which gives Funder One
 * another policy for manuscripts accepted from 2025-01-01, changes exactly the submissions accepted since then.
 */
@QuarkusTest
@WithTestResource(PolicyTestDatabase.class)
class DryRunTest {

    private static final int SEEDED = 10_000;

    @Inject
    Fixture fixture;

    @Inject
    DryRunSubmissions submissions;

    private boolean seeded;

    /** {@code count} submissions with grant G (Funder One's). */
    private void seed(int count) throws SQLException {
        seed(count, "G");
    }

    private void seed(int count, String grant) throws SQLException {
        seeded = true;
        submissions.seed(count, grant);
    }

    @AfterEach
    void forgetSeeded() throws SQLException {
        if (seeded) {
            submissions.forget();
        }
    }

    @Test
    void theReplayListsTheSubmissionsWhosePoliciesChange() throws SQLException {
        seed(10);
        JsonPath answer = dryRun(CANDIDATE, "?limit=10").then().statusCode(200).extract().jsonPath();
        assertThat(answer.getInt("submissions")).isEqualTo(10);
        assertThat(answer.getInt("changed")).isEqualTo(5);
        assertThat(answer.getList("changes.submission")).containsExactly("1000002", "1000004", "1000006", "1000008", "1000010");
        assertThat(answer.getList("changes[0].policies.before.id")).containsExactly(
                String.valueOf(fixture.id("P2")), String.valueOf(fixture.id("P1")));
        assertThat(answer.getList("changes[0].policies.after.id")).containsExactly(
                String.valueOf(fixture.id("P2")), String.valueOf(fixture.id("P4")));
        // each side's repositories are its policies' own, not the stored effective policies' (P1 only)
        assertThat(answer.getList("changes[0].repositories.before.required.url"))
                .contains(String.valueOf(fixture.id("R1")), String.valueOf(fixture.id("R2")))
                .doesNotContain(String.valueOf(fixture.id("R6")));
        assertThat(answer.getList("changes[0].repositories.after.required.url"))
                .contains(String.valueOf(fixture.id("R2")), String.valueOf(fixture.id("R6")), String.valueOf(fixture.id("R5")));
    }

    @Test
    void aFunderWithoutAPolicyGivesNoneUnderTheCurrentRulesAndTheCandidateIsStillTried() throws SQLException {
        seed(10, "G-no-policy");
        JsonPath answer = dryRun(CANDIDATE, "?limit=10").then().statusCode(200).extract().jsonPath();
        assertThat(answer.getInt("submissions")).isEqualTo(10);
        assertThat(answer.getInt("changed")).isEqualTo(5);
        assertThat(answer.getList("changes[0].policies.before.id")).containsExactly(String.valueOf(fixture.id("P1")));
        assertThat(answer.getList("changes[0].policies.after.id")).containsExactly(String.valueOf(fixture.id("P4")));
    }

    @Test
    void theReplayChangesNothing() throws SQLException {
        seed(10);
        dryRun(CANDIDATE, "").then().statusCode(200);
        Requests.as("ulrich@elsewhere.org").queryParam("submission", 1000002).get("/policy/policies")
                .then().statusCode(200).body("id", org.hamcrest.Matchers.contains(
                        String.valueOf(fixture.id("P2")), String.valueOf(fixture.id("P1"))));
    }

    @Test
    void aRefusedCandidateIsA400WithItsLine() {
        dryRun(CANDIDATE.replace("2025-01-01", "2025-02-30"), "").then().statusCode(400)
                .body("error", containsString("line 5: date \"2025-02-30\""));
    }

    @Test
    void aPersonMayNotTryRules() {
        Requests.withXsrf(Requests.as("ada@elsewhere.org")).contentType("application/yaml").body(CANDIDATE.getBytes(StandardCharsets.UTF_8))
                .post("/policy/rules/dry-run").then().statusCode(403);
    }

    @Test
    void aBodyThatIsNotYamlIsA415() {
        Requests.backend().contentType("application/json").body("{}").post("/policy/rules/dry-run").then().statusCode(415);
    }

    @Test
    void aLimitAboveTenThousandIsA400() {
        dryRun(CANDIDATE, "?limit=10001").then().statusCode(400).body("error", containsString("limit"));
    }

    @Test
    void tenThousandSubmissionsCostAsManyStatementsAsTen() throws SQLException {
        ExternalTool.require(PolicyTestDatabase.embedded(),
                "the test's own server with pg_stat_statements preloaded is not started (SUBMISSION_DB_URL names another)");
        seed(SEEDED);
        submissions.sql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
        long ten = statementsOf("?limit=10", 10);
        long all = statementsOf("?limit=" + SEEDED, SEEDED);
        assertThat(all).isEqualTo(ten).isBetween(1L, 3L);
    }

    private long statementsOf(String query, int expected) throws SQLException {
        submissions.sql("SELECT pg_stat_statements_reset()");
        dryRun(CANDIDATE, query).then().statusCode(200).body("submissions", equalTo(expected))
                .body("changed", equalTo(expected / 2));
        return submissions.requestStatements();
    }
}
