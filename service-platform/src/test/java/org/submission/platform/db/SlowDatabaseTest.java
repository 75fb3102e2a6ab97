package org.submission.platform.db;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.submission.platform.error.ErrorMessages;
import org.submission.platform.testing.EmbeddedPostgresResource;

/**
 * A slow database must cost a request a few seconds and a 503, never readiness: a transaction
 * holding the journal's advisory lock once made 40 requests wait 74 s, or fail with a 500 after
 * the pool's 30 s, and took readiness DOWN on every replica.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class SlowDatabaseTest {

    private static final int REQUESTS = 40;

    @Test
    void requestsWaitingForAHeldLockAnswer503SoonAndReadinessStaysUp() throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(REQUESTS);
        try (Connection holder = DriverManager.getConnection(jdbcUrl(), "postgres", "")) {
            holder.setAutoCommit(false);
            try (Statement statement = holder.createStatement()) {
                statement.execute("select pg_advisory_xact_lock(" + LockProbeResource.KEY + ")");
            }
            long started = System.nanoTime();
            List<CompletableFuture<Response>> answers = new ArrayList<>();
            for (int i = 0; i < REQUESTS; i++) {
                answers.add(CompletableFuture.supplyAsync(() -> given().get("/probe/lock"), callers));
            }
            Thread.sleep(500);
            Response readiness = given().get("/q/health/ready");

            // without time limits they wait as long as the lock is held: here, until this test gives up
            CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            long seconds = (System.nanoTime() - started) / 1_000_000_000L;
            System.out.printf("SlowDatabaseTest: %d requests behind a held advisory lock: statuses %s within %d s; readiness %d %s%n",
                    REQUESTS, answers.stream().map(a -> a.join().statusCode()).sorted().distinct().toList(), seconds,
                    readiness.statusCode(), readiness.asString().replaceAll("\\s+", ""));

            assertThat(readiness.statusCode()).as("readiness while the pool is busy: %s", readiness.asString()).isEqualTo(200);
            for (CompletableFuture<Response> answer : answers) {
                Response response = answer.join();
                assertThat(response.statusCode()).isEqualTo(503);
                assertThat(response.contentType()).startsWith("application/json");
                assertThat(response.header("Retry-After")).isNotBlank();
                assertThat(response.jsonPath().getString("error")).isEqualTo(ErrorMessages.DATABASE_BUSY);
            }
            assertThat(seconds).as("the lock is held throughout; every request answered within").isLessThan(15);
            holder.rollback();
        } finally {
            callers.shutdownNow();
        }
    }

    private static String jdbcUrl() {
        return DatabaseUrls.jdbc(ConfigProvider.getConfig().getValue("submission.db.url", String.class));
    }
}
