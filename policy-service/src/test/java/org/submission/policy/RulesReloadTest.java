package org.submission.policy;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.Requests;
import org.submission.policy.rules.RulesFileProfile;

/**
 * The rules file replaced while requests run: every answer is one whole rule set's, a refused
 * version leaves the last good one serving and says so, and no request fails.
 */
@QuarkusTest
@TestProfile(RulesFileProfile.class)
@WithTestResource(PolicyTestDatabase.class)
// unused here, but ComplianceTest's resources: one application built and started for both
@WithTestResource(DoiServiceStandIn.class)
class RulesReloadTest {

    private static final String FIRST = rules("Funder Four Policy", "Unrelated Policy");
    private static final String SECOND = rules("Policy Without Repositories", "Funder One Policy");
    private static final String REFUSED = FIRST.replace("funders:", "funder:");
    /** Submission 62, asked by the backend account: its grant's direct funder F1 and primary funder F2, no institution. */
    private static final String FIRST_ANSWER = "[{\"id\":\"31\",\"type\":\"funder\"},{\"id\":\"32\",\"type\":\"funder\"}]";
    private static final String SECOND_ANSWER = "[{\"id\":\"21\",\"type\":\"funder\"},{\"id\":\"33\",\"type\":\"funder\"}]";

    @Inject
    Fixture fixture;

    @ConfigProperty(name = "quarkus.http.test-port")
    int port;

    private static String rules(String directFunders, String primaryFunders) {
        return """
                version: 1
                policies:
                  - policy: "%s"
                    funders: ["Funder One"]
                  - policy: "%s"
                    funders: ["Funder Two"]
                """.formatted(directFunders, primaryFunders);
    }

    private String policies() {
        return Requests.backend().queryParam("submission", fixture.id("S-outside"))
                .get("/policy/policies").then().statusCode(200).extract().asString();
    }

    private void awaitAnswer(String expected) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!policies().equals(expected) && System.nanoTime() < end) {
            Thread.sleep(50);
        }
        assertThat(policies()).isEqualTo(expected);
    }

    @Test
    void answersDuringFiftyReplacementsAreEachOneWholeRuleSet() throws Exception {
        fixture.ids();
        RulesFileProfile.write(FIRST);
        awaitAnswer(FIRST_ANSWER);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port
                        + "/policy/policies?submission=" + fixture.id("S-outside")))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        (Requests.BACKEND + ":" + Requests.BACKEND_PASSWORD).getBytes(StandardCharsets.UTF_8)))
                .timeout(Duration.ofSeconds(10)).build();
        Map<String, Integer> answers = new ConcurrentHashMap<>();
        AtomicBoolean writing = new AtomicBoolean(true);
        ExecutorService clients = Executors.newFixedThreadPool(8);
        List<Future<?>> running = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            running.add(clients.submit(() -> {
                while (writing.get()) {
                    HttpResponse<String> answer = client.send(request, HttpResponse.BodyHandlers.ofString());
                    answers.merge(answer.statusCode() + " " + answer.body(), 1, Integer::sum);
                }
                return null;
            }));
        }
        for (int i = 0; i < 50; i++) {
            RulesFileProfile.write(i % 2 == 1 ? REFUSED : (i % 4 == 0 ? SECOND : FIRST));
            Thread.sleep(150);
        }
        writing.set(false);
        for (Future<?> each : running) {
            each.get();
        }
        clients.shutdown();

        assertThat(answers.keySet()).containsExactlyInAnyOrder("200 " + FIRST_ANSWER, "200 " + SECOND_ANSWER);
    }

    @Test
    void aRefusedChangeKeepsTheLastGoodRulesAndSaysSoInReadiness() throws Exception {
        fixture.ids();
        RulesFileProfile.write(SECOND);
        awaitAnswer(SECOND_ANSWER);
        RulesFileProfile.write(REFUSED);
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        String ready = "";
        while (!ready.contains("refused") && System.nanoTime() < end) {
            Thread.sleep(50);
            ready = given().get("/q/health/ready").then().extract().asString();
        }
        io.restassured.path.json.JsonPath readiness = given().get("/q/health/ready").then().extract().jsonPath();
        assertThat(readiness.getString("status")).isEqualTo("UP");
        assertThat(readiness.getString("checks.find { it.name == 'policy-rules' }.data.refused"))
                .contains("line 4: unknown key \"funder\"");
        assertThat(policies()).isEqualTo(SECOND_ANSWER);
        assertThat(given().get("/q/metrics").then().extract().asString())
                .containsPattern("submission_reload_refused\\{[^}]*name=\"policy-rules\"[^}]*} 1\\.0");
    }

    @Test
    void aRuleNamingAFunderWithoutPolicyGivesItOne() throws Exception {
        fixture.ids();
        RulesFileProfile.write("""
                version: 1
                policies:
                  - policy: "Unrelated Policy"
                    funders: ["Funder Without Policy"]
                """);
        Set<String> expected = Set.of("21", "32");
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        List<String> ids = List.of();
        while (!Set.copyOf(ids).equals(expected) && System.nanoTime() < end) {
            Thread.sleep(50);
            ids = Requests.backend().queryParam("submission", fixture.id("S-no-policy"))
                    .get("/policy/policies").then().statusCode(200).extract().jsonPath().getList("id");
        }
        assertThat(ids).containsExactly("21", "32");
    }
}
