package org.submission.policy;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.platform.testing.Requests;

/** Stops the real database under the running service: 503 JSON while it is down, answers again once it is back. */
@QuarkusTest
@WithTestResource(PolicyTestDatabase.class)
class DatabaseOutageTest {

    @Inject
    Fixture fixture;

    @BeforeEach
    void needsItsOwnServer() {
        assumeTrue(PolicyTestDatabase.embedded(), "needs the test's own server, to stop it");
    }

    @AfterEach
    void databaseBack() {
        PolicyTestDatabase.restartServer();
    }

    @ParameterizedTest(name = "{0} as {1}")
    @CsvSource({
            "/policy/policies, backend",
            "/policy/repositories, ursula@example.edu"})
    void anUnreachableDatabaseIsA503AndTheServiceRecovers(String endpoint, String caller) throws Exception {
        long submission = fixture.id("S-all");
        Requests.as(caller).queryParam("submission", submission).get(endpoint).then().statusCode(200);

        PolicyTestDatabase.stopServer();
        Requests.as(caller).queryParam("submission", submission).get(endpoint)
                .then().statusCode(503).contentType(ContentType.JSON).header("Retry-After", "5")
                .body("error", containsString("database"));
        given().get("/q/health/ready").then().statusCode(503);

        PolicyTestDatabase.restartServer();
        Requests.as(caller).queryParam("submission", submission).get(endpoint)
                .then().statusCode(200).contentType(ContentType.JSON);
        assertThat(readyWithinProbes(3)).as("readiness back after at most 3 probes").isTrue();
    }

    /** Each failed probe of the JDBC pool's check discards one connection that died with the server (pool size 2). */
    private static boolean readyWithinProbes(int probes) {
        for (int i = 0; i < probes; i++) {
            if (given().get("/q/health/ready").statusCode() == 200) {
                return true;
            }
        }
        return false;
    }
}
