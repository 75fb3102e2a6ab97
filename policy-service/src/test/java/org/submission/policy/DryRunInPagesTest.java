package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.submission.policy.DryRunSubmissions.CANDIDATE;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.ExternalTool;

/**
 * The dry run a page at a time, pages of 1 KB of metadata here (about 30 submissions): the answer
 * is the one a single page gives, and a second dry run while one runs is refused.
 */
@QuarkusTest
@TestProfile(DryRunInPagesTest.SmallPages.class)
@WithTestResource(PolicyTestDatabase.class)
class DryRunInPagesTest {

    /** Pages of 1 KB; lock waits long enough for a dry run held by a test's lock to outlast the next request. */
    public static class SmallPages implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("policy.rules.dry-run-page-bytes", "1K", "submission.db.lock-timeout", "60s",
                    "submission.db.statement-timeout", "60s");
        }
    }

    private static final int SEEDED = 200;

    @Inject
    Fixture fixture;

    @Inject
    DryRunSubmissions submissions;

    @Inject
    DataSource dataSource;

    @BeforeEach
    void seed() throws SQLException {
        submissions.seed(SEEDED, "G");
    }

    @AfterEach
    void forget() throws SQLException {
        submissions.forget();
    }

    @Test
    void aReplayOfManyPagesListsEveryChangeOnceInOrder() throws SQLException {
        ExternalTool.require(PolicyTestDatabase.embedded(),
                "the test's own server with pg_stat_statements preloaded is not started (SUBMISSION_DB_URL names another)");
        submissions.sql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements", "SELECT pg_stat_statements_reset()");

        JsonPath answer = dryRun().then().statusCode(200).extract().jsonPath();

        assertThat(answer.getInt("submissions")).isEqualTo(SEEDED);
        assertThat(answer.getList("changes.submission")).isEqualTo(IntStream.rangeClosed(1, SEEDED / 2)
                .mapToObj(i -> String.valueOf(1000000 + 2 * i)).toList());
        assertThat(answer.getList("changes[99].policies.after.id")).containsExactly(
                String.valueOf(fixture.id("P2")), String.valueOf(fixture.id("P4")));
        assertThat(submissions.requestStatements()).as("one statement a page: more than one page").isGreaterThan(5);
    }

    @Test
    void aSecondDryRunWhileOneRunsIsA429() throws Exception {
        try (Connection holder = dataSource.getConnection(); Statement lock = holder.createStatement()) {
            holder.setAutoCommit(false);
            lock.execute("LOCK TABLE pass_submission IN ACCESS EXCLUSIVE MODE");
            CompletableFuture<Response> first = CompletableFuture.supplyAsync(DryRunInPagesTest::dryRun);
            await().atMost(Duration.ofSeconds(30)).until(this::aReplayWaitsForTheLock);

            dryRun().then().statusCode(429).header("Retry-After", "5")
                    .body("error", containsString("Another dry run is running"));

            holder.rollback();
            assertThat(first.get().statusCode()).isEqualTo(200);
        }
        dryRun().then().statusCode(200);
    }

    private boolean aReplayWaitsForTheLock() throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT count(*) FROM pg_stat_activity"
                     + " WHERE wait_event_type = 'Lock' AND query LIKE '%FROM pass_submission%'")) {
            rows.next();
            return rows.getLong(1) > 0;
        }
    }

    private static Response dryRun() {
        return DryRunSubmissions.dryRun(CANDIDATE, "?limit=" + SEEDED);
    }
}
