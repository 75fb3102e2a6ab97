package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.IntegrationTestService;
import org.submission.platform.testing.LoopbackClient;
import org.submission.platform.testing.Requests;
import org.submission.platform.testing.RunningService;

/**
 * A password guesser on one keep-alive connection against the packaged service under the images' JVM
 * options, while the backend account calls from another address. One service stands for the three:
 * the throttle is the platform's, before any code of the service's own runs.
 */
@QuarkusIntegrationTest
@WithTestResource(value = DemoPolicyService.class, scope = TestResourceScope.MATCHING_RESOURCES)
class PasswordGuessingIT {

    private static final String PATH = "/policy/policies?submission=60";

    @Test
    void aGuesserGetsFiveGuessesWhileTheBackendFromAnotherAddressIsAnswered() throws Exception {
        RunningService service = IntegrationTestService.current();
        try (LoopbackClient guesser = new LoopbackClient("127.0.0.2", service.port());
             LoopbackClient backend = new LoopbackClient("127.0.0.3", service.port())) {
            List<Integer> statuses = new ArrayList<>();
            long start = System.nanoTime();
            while (System.nanoTime() - start < 3_000_000_000L || statuses.size() < 10) {
                String guess = Base64.getEncoder().encodeToString(("backend:guess-" + statuses.size()).getBytes(StandardCharsets.UTF_8));
                statuses.add(guesser.get(PATH, "Authorization: Basic " + guess).status());
            }
            int attempts = statuses.size();
            long evaluated = statuses.stream().filter(status -> status == 401).count();
            double seconds = (System.nanoTime() - start) / 1e9;
            int backendStatus = backend.get(PATH, "Authorization: " + Requests.backendAuthorization()).status();
            System.out.printf("PasswordGuessingIT: a guesser on one keep-alive connection to the packaged policy service: "
                    + "%d attempts in %.1f s (%.0f/s), %d guesses evaluated; the backend from another address: %d%n",
                    attempts, seconds, attempts / seconds, evaluated, backendStatus);

            assertThat(statuses.subList(0, 5)).as("the guesses evaluated").containsOnly(401);
            assertThat(statuses.subList(5, attempts)).as("the guesses refused unchecked").containsOnly(429);
            assertThat(backendStatus).isEqualTo(200);
            assertThat(service.get("/q/metrics").body().lines()
                    .filter(line -> line.startsWith("submission_auth_failures_total{") && line.contains("credential=\"basic\"")))
                    .singleElement().asString().endsWith(" 5.0");
            assertThat(service.log()).contains("Failed authentications from 127.0.0.2").doesNotContain("guess-");
        }
    }
}
