package org.submission.platform.security;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.LoopbackClient;
import org.submission.platform.testing.Requests;

/**
 * A password guesser against the running service: each test plays its own client address (a loopback
 * source address, or a forwarded one behind the trusted proxy 127.0.0.1), under the default settings
 * (5 failures in a minute, then 10 s).
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class AuthThrottleHttpTest {

    private static final String WRONG = "Authorization: Basic "
            + Base64.getEncoder().encodeToString("backend:guess".getBytes(StandardCharsets.UTF_8));
    private static final String RIGHT = "Authorization: " + Requests.backendAuthorization();

    private static LoopbackClient from(String address) {
        return new LoopbackClient(address, RestAssured.port);
    }

    private static List<Integer> statuses(LoopbackClient client, int times, String... headers) {
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            statuses.add(client.get("/probe", headers).status());
        }
        return statuses;
    }

    @Test
    void fiveWrongPasswordsFromOneAddressAreFollowedByA429WithRetryAfter() {
        try (LoopbackClient guesser = from("127.0.0.2")) {
            assertThat(statuses(guesser, 5, WRONG)).containsOnly(401);
            LoopbackClient.Answer refused = guesser.get("/probe", WRONG);
            assertThat(refused.status()).isEqualTo(429);
            assertThat(Integer.parseInt(refused.headers().get("retry-after"))).isBetween(1, 10);
            assertThat(refused.headers().get("content-type")).startsWith("application/json");
            assertThat(refused.body()).contains("\"error\":\"Too many failed authentications from your address");
        }
    }

    @Test
    void theRightPasswordDuringThePenaltyIsRefusedToo() {
        try (LoopbackClient guesser = from("127.0.0.3")) {
            assertThat(statuses(guesser, 5, WRONG)).containsOnly(401);
            assertThat(guesser.get("/probe", RIGHT).status()).isEqualTo(429);
        }
    }

    @Test
    void anotherAddressStillAuthenticatesDuringAPenalty() {
        try (LoopbackClient guesser = from("127.0.0.4"); LoopbackClient backend = from("127.0.0.5")) {
            assertThat(statuses(guesser, 6, WRONG)).as("the guesser's penalty").containsExactly(401, 401, 401, 401, 401, 429);
            assertThat(backend.get("/probe", RIGHT).status()).isEqualTo(200);
        }
    }

    @Test
    void behindTheTrustedProxyTheForwardedAddressIsHeldUpNotTheProxy() {
        for (int i = 0; i < 5; i++) {
            given().header("X-Forwarded-For", "198.51.100.7").auth().preemptive().basic("backend", "guess").get("/probe");
        }
        given().header("X-Forwarded-For", "198.51.100.7").auth().preemptive().basic("backend", "guess").get("/probe")
                .then().statusCode(429);
        Requests.as(Requests.BACKEND).header("X-Forwarded-For", "198.51.100.8").get("/probe").then().statusCode(200);
        Requests.as(Requests.BACKEND).get("/probe").then().statusCode(200);
    }

    private static int guessThroughTheProxy(String forwardedFor) {
        return given().header("X-Forwarded-For", forwardedFor).auth().preemptive().basic("backend", "guess")
                .get("/probe").statusCode();
    }

    /** 127.0.0.40/29 is trusted too: a client there, behind the proxy 127.0.0.1, as a pod of a trusted range would be. */
    @Test
    void aClientInsideTheTrustedRangeIsChargedForItselfNotForTheAddressItWrote() {
        for (int i = 0; i < 5; i++) {
            assertThat(guessThroughTheProxy("198.51.100.40, 127.0.0.40")).isEqualTo(401);
        }
        assertThat(guessThroughTheProxy("198.51.100.40, 127.0.0.40")).isEqualTo(429);
        Requests.as(Requests.BACKEND).header("X-Forwarded-For", "198.51.100.40").get("/probe").then().statusCode(200);
    }

    @Test
    void guessesEachNamingANewAddressLeftOfTheProxysHopAreRefusedAfterFive() {
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            statuses.add(guessThroughTheProxy("198.18.0." + i + ", 127.0.0.41"));
        }
        assertThat(statuses).containsExactly(401, 401, 401, 401, 401, 429);
    }

    @Test
    void anUntrustedClientCannotEscapeByWritingAnotherForwardedFor() {
        try (LoopbackClient guesser = from("127.0.0.6")) {
            for (int i = 0; i < 5; i++) {
                assertThat(guesser.get("/probe", WRONG, "X-Forwarded-For: 198.51.100." + (20 + i)).status()).isEqualTo(401);
            }
            assertThat(guesser.get("/probe", WRONG, "X-Forwarded-For: 198.51.100.99").status()).isEqualTo(429);
        }
    }

    @Test
    void wrongProxySecretsAreFailedAuthenticationsToo() {
        try (LoopbackClient guesser = from("127.0.0.7")) {
            assertThat(statuses(guesser, 6, "X-Proxy-Secret: guess", "Eppn: ada@example.edu"))
                    .containsExactly(401, 401, 401, 401, 401, 429);
        }
    }

    /** Mid-rotation, some callers send the current secret and some the next: neither is a failure, however many. */
    @Test
    void bothConfiguredProxySecretsAreAcceptedAndNeverCountedAsFailures() {
        double before = failuresCounted("proxy-secret");
        try (LoopbackClient proxy = from("127.0.0.12")) {
            assertThat(statuses(proxy, 6, "X-Proxy-Secret: proxy-secret", "Eppn: ada@example.edu")).containsOnly(200);
            assertThat(statuses(proxy, 6, "X-Proxy-Secret: proxy-secret-next", "Eppn: ada@example.edu")).containsOnly(200);
        }
        assertThat(failuresCounted("proxy-secret")).isEqualTo(before);
    }

    @Test
    void bothConfiguredBackendPasswordsAreAcceptedAndNeverCountedAsFailures() {
        double before = failuresCounted("basic");
        String next = "Authorization: Basic " + Base64.getEncoder()
                .encodeToString("backend:backend-secret-next".getBytes(StandardCharsets.UTF_8));
        try (LoopbackClient backend = from("127.0.0.13")) {
            assertThat(statuses(backend, 6, RIGHT)).containsOnly(200);
            assertThat(statuses(backend, 6, next)).containsOnly(200);
        }
        assertThat(failuresCounted("basic")).isEqualTo(before);
    }

    @Test
    void aPenalisedAddressWithoutCredentialsIsNotHeldUp() {
        try (LoopbackClient guesser = from("127.0.0.8")) {
            assertThat(statuses(guesser, 5, WRONG)).containsOnly(401);
            assertThat(guesser.get("/probe/open").status()).isEqualTo(200);
            assertThat(guesser.get("/probe", WRONG).status()).as("still penalised").isEqualTo(429);
        }
    }

    @Test
    void eachFailureIsCounted() {
        double before = failuresCounted("basic");
        try (LoopbackClient guesser = from("127.0.0.9")) {
            assertThat(guesser.get("/probe", WRONG).status()).isEqualTo(401);
        }
        assertThat(failuresCounted("basic")).isEqualTo(before + 1);
    }

    private static double failuresCounted(String credential) {
        return given().get("/q/metrics").asString().lines()
                .filter(line -> line.startsWith("submission_auth_failures_total{")
                        && line.contains("credential=\"" + credential + "\""))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))).sum();
    }

    /** The figure of the README: what a guesser on one keep-alive connection gets in 2 s. */
    @Test
    void aGuesserOnOneConnectionGetsFiveGuessesThenOnlyRefusals() {
        List<Integer> statuses = new ArrayList<>();
        long start = System.nanoTime();
        try (LoopbackClient guesser = from("127.0.0.10")) {
            while (System.nanoTime() - start < 2_000_000_000L || statuses.size() < 10) {
                statuses.add(guesser.get("/probe", WRONG).status());
            }
        }
        int attempts = statuses.size();
        int evaluated = (int) statuses.stream().filter(status -> status == 401).count();
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("Guesser on one keep-alive connection: %d attempts in %.2f s (%.0f/s), %d of them "
                + "evaluated (%.1f guesses/s)%n", attempts, seconds, attempts / seconds, evaluated, evaluated / seconds);
        assertThat(statuses.subList(0, 5)).containsOnly(401);
        assertThat(statuses.subList(5, attempts)).as("refused unchecked").containsOnly(429);
    }
}
