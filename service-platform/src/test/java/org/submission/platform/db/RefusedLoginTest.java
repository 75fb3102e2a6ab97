package org.submission.platform.db;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.PasswordLogins;
import org.submission.platform.testing.Requests;

/**
 * The server is up but refuses the service's login while it runs (a password changed, the role
 * dropped, the database renamed away or closed to connections): every request gets 503 with
 * Retry-After, counted under the reason {@code login_refused} that its own alert pages on, never a
 * 500; readiness says what is wrong; the service answers again once the login is mended.
 */
@QuarkusTest
@TestProfile(RefusedLoginTest.Profile.class)
class RefusedLoginTest {

    static final String ROLE = "refused_login_probe";
    static final String PASSWORD = "probe-secret";
    static FreshDatabase database;
    static final FreshDatabase server = FreshDatabase.server();

    public static class Profile implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(OwnRole.class));
        }
    }

    /** A migrated database of its own, reached as a role of its own that must give its password. */
    public static class OwnRole implements QuarkusTestResourceLifecycleManager {
        @Override
        public Map<String, String> start() {
            database = FreshDatabase.create().migrate();
            server.execute("DROP ROLE IF EXISTS " + ROLE);
            createRole();
            PasswordLogins.require(database, ROLE);
            return Map.of("submission.db.url", database.url(), "submission.db.user", ROLE, "submission.db.password", PASSWORD,
                    "submission.db.migrate", "false", "submission.seed.demo", "true");
        }

        @Override
        public void stop() {
            // the embedded server outlives the test class
        }
    }

    private static void createRole() {
        server.execute("CREATE ROLE " + ROLE + " LOGIN PASSWORD '" + PASSWORD + "'");
        database.execute("GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA public TO " + ROLE
                + "; GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO " + ROLE);
    }

    @AfterEach
    void loginMended() {
        Awaitility.await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(200))
                .until(() -> Requests.as("ada@example.edu").get("/probe").statusCode() == 200);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a changed password (28P01)             | ALTER ROLE refused_login_probe PASSWORD 'changed'     | ALTER ROLE refused_login_probe PASSWORD 'probe-secret'
            a dropped role (28P01 or 28000)        | DROP ROLE refused_login_probe                         | role
            a database renamed away (3D000)        | ALTER DATABASE {db} RENAME TO {db}_moved              | ALTER DATABASE {db}_moved RENAME TO {db}
            a database closed to connections (55000) | ALTER DATABASE {db} ALLOW_CONNECTIONS false         | ALTER DATABASE {db} ALLOW_CONNECTIONS true
            """)
    void aRefusedLoginIsA503CountedUnderItsOwnReasonAndTheServiceRecovers(String what, String breaking, String mending) {
        Requests.as("ada@example.edu").get("/probe").then().statusCode(200);
        double before = refusals();

        if (breaking.startsWith("DROP ROLE")) {
            database.execute("DROP OWNED BY " + ROLE);
        }
        disconnectTheService();
        server.execute(breaking.replace("{db}", database.name()));
        List<Integer> statuses = new ArrayList<>();
        try {
            Awaitility.await(what).atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100)).until(() -> {
                Response answer = Requests.as("ada@example.edu").get("/probe");
                statuses.add(answer.statusCode());
                return answer.statusCode() == 503 && refusals() > before;
            });
            assertThat(statuses).as("never a 500").containsOnly(503);
            Requests.as("ada@example.edu").get("/probe").then().statusCode(503).header("Retry-After", "5");
            given().get("/q/health/ready").then().statusCode(503);
            assertThat(given().get("/q/health/ready").asString()).contains("refuses the services' login");
        } finally {
            if (mending.equals("role")) {
                createRole();
            } else {
                server.execute(mending.replace("{db}", database.name()));
            }
        }
    }

    /** The pooled connections end, so that the next request logs in again. */
    private static void disconnectTheService() {
        server.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '" + ROLE + "'");
    }

    private static double refusals() {
        return given().get("/q/metrics").asString().lines()
                .filter(line -> line.startsWith("submission_database_unavailable_total") && line.contains("reason=\"login_refused\""))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))).sum();
    }
}
