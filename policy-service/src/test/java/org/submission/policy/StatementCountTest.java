package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.platform.testing.ExternalTool;
import org.submission.platform.testing.Requests;

/**
 * Counts, on the PostgreSQL server (pg_stat_statements), the statements one request runs, for a
 * submission with one grant and for one with many grants, funders, policies and repositories:
 * the count must be the same small number.
 */
@QuarkusTest
@WithTestResource(PolicyTestDatabase.class)
class StatementCountTest {

    private static final int MANY = 40;

    @Inject
    DataSource dataSource;

    @Inject
    Fixture fixture;

    @Inject
    MeterRegistry registry;

    private Map<String, Long> ids;

    @BeforeEach
    void data() throws Exception {
        ExternalTool.require(PolicyTestDatabase.embedded(),
                "the test's own server with pg_stat_statements preloaded is not started (SUBMISSION_DB_URL names another)");
        ids = fixture.replaceWith(seed());
        CounterRead.caughtUp(registry);
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
        }
    }

    @ParameterizedTest(name = "{0} as {1}")
    @CsvSource({
            "/policy/policies, backend",
            "/policy/policies, submitter@example.edu",
            "/policy/repositories, backend",
            "/policy/repositories, submitter@example.edu"})
    void statementsPerRequestDoNotGrowWithTheGrants(String endpoint, String caller) throws SQLException {
        long few = statementsOf(endpoint, caller, "few");
        long many = statementsOf(endpoint, caller, "many");

        assertThat(many).isEqualTo(few);
        assertThat(few).isBetween(1L, 2L);
    }

    // the graph is kept and PASS's change counter has not moved: a person's User row is read on every request
    @ParameterizedTest(name = "{0} as {1}: {2}")
    @CsvSource({
            "/policy/policies, backend, 0",
            "/policy/policies, submitter@example.edu, 1",
            "/policy/repositories, backend, 0",
            "/policy/repositories, submitter@example.edu, 1"})
    void aSubmissionAskedAboutAgainCostsNoStatementForItsGraph(String endpoint, String caller, long expected) {
        await().atMost(Duration.ofSeconds(10)).until(() -> statementsOf(endpoint, caller, "many") == expected);
    }

    // another submission changed, so the counter moved: the kept graph is read again, once
    @ParameterizedTest(name = "{0} as {1}: {2}")
    @CsvSource({
            "/policy/policies, submitter@example.edu, 2",
            "/policy/repositories, submitter@example.edu, 2"})
    void afterAnyChangeToPassAKeptGraphCostsOneStatementAgain(String endpoint, String caller, long expected)
            throws SQLException {
        await().atMost(Duration.ofSeconds(10)).until(() -> statementsOf(endpoint, caller, "few") == expected - 1);
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("UPDATE pass_submission SET metadata = metadata WHERE id = " + ids.get("many"));
        }

        assertThat(statementsOf(endpoint, caller, "few")).isEqualTo(expected);
    }

    // the submitter's graph is kept; a stranger asks about it, and about an id no submission has
    @Test
    void aSubmissionThatIsNotYoursCostsTheStatementsOfOneThatDoesNotExist() throws SQLException {
        statementsOf("/policy/policies", "submitter@example.edu", "many");

        long notYours = refusedStatementsOf(ids.get("many"));
        long noSuch = refusedStatementsOf(ids.values().stream().mapToLong(Long::longValue).max().orElseThrow() + 1_000);

        assertThat(notYours).isEqualTo(noSuch);
    }

    private long refusedStatementsOf(long submission) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("SELECT pg_stat_statements_reset()");
            Requests.as("stranger@elsewhere.org").queryParam("submission", submission).get("/policy/policies")
                    .then().statusCode(404);
            try (ResultSet rows = statement.executeQuery(PolicyTestDatabase.REQUESTS_CALLS)) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    private long statementsOf(String endpoint, String caller, String submission) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("SELECT pg_stat_statements_reset()");
            String body = Requests.as(caller).queryParam("submission", ids.get(submission)).queryParam("explain", "true")
                    .get(endpoint).then().statusCode(200).extract().asString();
            assertThat(body).contains("\"" + ids.get(submission.equals("many") ? "p-" + (2 * MANY - 1) : "p-0") + "\"");
            try (ResultSet rows = statement.executeQuery(PolicyTestDatabase.REQUESTS_CALLS)) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    /** "few": one grant; "many": MANY grants, each with its own primary and direct funder, policy and two repositories. */
    private static String seed() throws Exception {
        List<Map<String, Object>> repositories = new ArrayList<>();
        List<Map<String, Object>> policies = new ArrayList<>();
        List<Map<String, Object>> funders = new ArrayList<>();
        List<Map<String, Object>> grants = new ArrayList<>();
        List<String> grantKeys = new ArrayList<>();
        List<String> policyKeys = new ArrayList<>();
        for (int i = 0; i < 2 * MANY; i++) {
            repositories.add(record("r-" + i, "name", "Repository " + i));
            repositories.add(record("r2-" + i, "name", "Mirror " + i));
            policies.add(record("p-" + i, "title", "Policy " + i, "repositories", List.of("r-" + i, "r2-" + i)));
            funders.add(record("f-" + i, "name", "Funder " + i, "policy", "p-" + i));
            policyKeys.add("p-" + i);
        }
        for (int i = 0; i < MANY; i++) {
            grants.add(record("g-" + i, "primaryFunder", "f-" + (2 * i), "directFunder", "f-" + (2 * i + 1)));
            grantKeys.add("g-" + i);
        }
        Map<String, Object> seed = new LinkedHashMap<>();
        seed.put("users", List.of(record("submitter", "username", "submitter@example.edu", "affiliation", List.of("example.edu"))));
        seed.put("repositories", repositories);
        seed.put("policies", policies);
        seed.put("funders", funders);
        seed.put("grants", grants);
        seed.put("submissions", List.of(
                record("few", "submitter", "submitter", "grants", List.of("g-0"), "effectivePolicies", List.of("p-0")),
                record("many", "submitter", "submitter", "grants", grantKeys, "effectivePolicies", policyKeys)));
        return new ObjectMapper().writeValueAsString(seed);
    }

    private static Map<String, Object> record(String key, Object... namesAndValues) {
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("key", key);
        for (int i = 0; i < namesAndValues.length; i += 2) {
            record.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return record;
    }
}
