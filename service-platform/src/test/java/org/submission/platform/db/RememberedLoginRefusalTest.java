package org.submission.platform.db;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.localpostgres.LocalPostgres;
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.PasswordLogins;
import org.submission.platform.testing.Requests;

/**
 * A login the database refuses is not tried again for every request: while the service's password
 * is wrong, anonymous readiness probes and callers' requests are answered 503 at once, and the
 * database server, a server of this test's own, logs a handful of refused logins rather than one
 * per request, with the JDBC datasource a start that migrated keeps; once the password is mended
 * the service answers again.
 */
@QuarkusTest
@TestProfile(RememberedLoginRefusalTest.Profile.class)
class RememberedLoginRefusalTest {

    static final String ROLE = "remembered_refusal_probe";
    static final String PASSWORD = "probe-secret";
    static final int REQUESTS = 200;
    static LocalPostgres server;
    static Path log;
    static FreshDatabase database;

    public static class Profile implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(OwnServer.class));
        }
    }

    /**
     * A server whose log names each failure's SQLSTATE and session ({@code %e:%c:}: no spaces or
     * pipes, as its command line goes through a shell), so that its refused logins can be counted
     * whatever the language of its messages; its database migrated, reached as a role that must
     * give its password.
     */
    public static class OwnServer implements QuarkusTestResourceLifecycleManager {
        @Override
        public Map<String, String> start() {
            try {
                log = Files.createTempFile("refused-logins", ".log");
                server = LocalPostgres.start(LocalPostgres.Options.defaults().log(log).serverConfig("log_line_prefix", "%e:%c:"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            database = FreshDatabase.server(server.url()).migrate();
            database.execute("CREATE ROLE " + ROLE + " LOGIN PASSWORD '" + PASSWORD + "'; GRANT SELECT, INSERT, UPDATE ON ALL TABLES"
                    + " IN SCHEMA public TO " + ROLE + "; GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO " + ROLE);
            PasswordLogins.require(database, ROLE);
            // the JDBC datasource kept, as on a start that migrated: no check of its own may log in per probe
            return Map.of("submission.db.url", database.url(), "submission.db.user", ROLE, "submission.db.password", PASSWORD,
                    "submission.db.migrate", "false", "submission.seed.demo", "true");
        }

        @Override
        public void stop() {
            server.close();
            log.toFile().delete();
        }
    }

    @BeforeEach
    void passwordChanged() {
        Requests.as("ada@example.edu").get("/probe").then().statusCode(200);
        database.execute("ALTER ROLE " + ROLE + " PASSWORD 'changed'");
        // the pooled connections end, so that the next request logs in again
        database.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '" + ROLE + "'");
    }

    @AfterEach
    void passwordMended() {
        database.execute("ALTER ROLE " + ROLE + " PASSWORD '" + PASSWORD + "'");
        Awaitility.await().atMost(Duration.ofSeconds(40)).pollInterval(Duration.ofMillis(200))
                .until(() -> Requests.as("ada@example.edu").get("/probe").statusCode() == 200);
    }

    @Test
    void requestsWhileTheLoginIsRefusedAre503sThatCostTheServerAFewRefusedLogins() {
        long before = refusedLogins();
        List<Integer> statuses = new ArrayList<>();

        for (int i = 0; i < REQUESTS; i++) {
            Response ready = given().get("/q/health/ready");
            Response request = Requests.as("ada@example.edu").get("/probe");
            statuses.add(ready.statusCode());
            statuses.add(request.statusCode());
            assertThat(request.contentType()).startsWith("application/json");
            assertThat(request.header("Retry-After")).isEqualTo("5");
        }

        assertThat(statuses).containsOnly(503);
        assertThat(given().get("/q/health/ready").asString()).contains("refuses the services' login");
        System.out.printf("refused logins on the database server for %d requests: %d%n", 2 * REQUESTS, refusedLogins() - before);
        assertThat(refusedLogins() - before).as("refused logins for %d requests", 2 * REQUESTS).isBetween(1L, REQUESTS / 10L);
    }

    @Test
    void theServiceIsReadyAgainOnceThePasswordIsMended() {
        Requests.as("ada@example.edu").get("/probe").then().statusCode(503);
        database.execute("ALTER ROLE " + ROLE + " PASSWORD '" + PASSWORD + "'");

        Awaitility.await().atMost(Duration.ofSeconds(40)).pollInterval(Duration.ofMillis(200))
                .until(() -> given().get("/q/health/ready").statusCode() == 200);
        Requests.as("ada@example.edu").get("/probe").then().statusCode(200);
    }

    /** The logins the server refused (SQLSTATE 28P01), by the distinct sessions its log names with it. */
    private static long refusedLogins() {
        try (Stream<String> lines = Files.lines(log, StandardCharsets.ISO_8859_1)) {
            return lines.filter(line -> line.startsWith("28P01:")).map(line -> line.split(":", 3)[1]).distinct().count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
