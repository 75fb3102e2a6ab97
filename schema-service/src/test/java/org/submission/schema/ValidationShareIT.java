package org.submission.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.IntegrationTestService;
import org.submission.platform.testing.Requests;
import org.submission.platform.testing.RunningService;

/**
 * On the packaged service with the images' JVM options and its default validation slots (two): one
 * caller posting the largest accepted blob on three connections without pause used to hold both
 * slots, and another caller's small validations answered 503 ten times out of twelve.
 */
@QuarkusIntegrationTest
@WithTestResource(value = DemoSchemaService.class, scope = TestResourceScope.MATCHING_RESOURCES)
class ValidationShareIT {

    private static final int VICTIM_VALIDATIONS = 12;
    private static final Pattern REFUSALS = Pattern.compile("submission_caller_refusals_total\\{[^}]*share=\"validation\"[^}]*} (\\S+)");

    /** HTTP/1.1, so that three concurrent requests are three connections, not streams of one. */
    private final HttpClient connections = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void aCallerFloodingOnThreeConnectionsGets429WhileAnotherCallersSmallValidationsAnswer200() throws Exception {
        RunningService service = IntegrationTestService.current();
        // the other tests of this service may have been refused before: only this one's refusals are counted here
        long refusedBefore = refusalsSoFar(service);
        byte[] largest = WorstCaseValidation.unknownKeys(19_990);
        AtomicBoolean flooding = new AtomicBoolean(true);
        ConcurrentLinkedQueue<HttpResponse<String>> flood = new ConcurrentLinkedQueue<>();
        ExecutorService flooders = Executors.newFixedThreadPool(3);
        List<Future<?>> loops = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            loops.add(flooders.submit(() -> {
                while (flooding.get()) {
                    HttpResponse<String> answer = connections.send(WorstCaseValidation.request(service, largest),
                            HttpResponse.BodyHandlers.ofString());
                    flood.add(answer);
                    if (answer.statusCode() == 429) {
                        // the refusal is immediate: a short pause keeps the loop from taking the shared test machine
                        Thread.sleep(20);
                    }
                }
                return null;
            }));
        }
        Thread.sleep(500);

        List<Integer> statuses = new ArrayList<>();
        List<Long> millis = new ArrayList<>();
        for (int i = 0; i < VICTIM_VALIDATIONS; i++) {
            long started = System.nanoTime();
            HttpResponse<String> answer = connections.send(asPerson(service, "victim@example.org"), HttpResponse.BodyHandlers.ofString());
            millis.add((System.nanoTime() - started) / 1_000_000);
            statuses.add(answer.statusCode());
            Thread.sleep(100);
        }
        flooding.set(false);
        for (Future<?> loop : loops) {
            loop.get();
        }
        flooders.shutdown();

        List<Integer> floodStatuses = flood.stream().map(HttpResponse::statusCode).sorted().toList();
        System.out.printf("ValidationShareIT: victim %s in %s ms; flooder %d answers: %d x 200, %d x 429%n", statuses, millis,
                floodStatuses.size(), floodStatuses.stream().filter(s -> s == 200).count(),
                floodStatuses.stream().filter(s -> s == 429).count());
        assertThat(statuses).as("the other caller's small validations").containsOnly(200);
        assertThat(floodStatuses).as("the flooder's answers").containsOnly(200, 429).contains(200, 429);
        flood.stream().filter(answer -> answer.statusCode() == 429).forEach(refused -> {
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("2");
            assertThat(refused.body()).startsWith("{\"error\":");
        });
        assertThat(refusalsCounted(service) - refusedBefore).isEqualTo(floodStatuses.stream().filter(s -> s == 429).count());
    }

    /** A small validation by a person named by the trusted proxy: a caller other than the backend account. */
    private static HttpRequest asPerson(RunningService service, String eppn) {
        return HttpRequest.newBuilder(service.uri("/schemaservice/validate?entityIds=10")).timeout(Duration.ofSeconds(30))
                .header("X-Proxy-Secret", Requests.PROXY_SECRET).header("Eppn", eppn)
                .header("Cookie", "XSRF-TOKEN=" + Requests.XSRF).header("X-XSRF-TOKEN", Requests.XSRF)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"title\": \"On yeast\", \"journal-title\": \"J Ex Biol\"}",
                        StandardCharsets.UTF_8))
                .build();
    }

    /** The refusals counted so far, none when the counter has no sample yet. */
    private static long refusalsSoFar(RunningService service) throws Exception {
        Matcher refusals = REFUSALS.matcher(service.get("/q/metrics").body());
        return refusals.find() ? (long) Double.parseDouble(refusals.group(1)) : 0;
    }

    private static long refusalsCounted(RunningService service) throws Exception {
        HttpResponse<String> metrics = service.get("/q/metrics");
        assertThat(metrics.statusCode()).as("/q/metrics").isEqualTo(200);
        Matcher refusals = REFUSALS.matcher(metrics.body());
        assertThat(refusals.find()).as("submission_caller_refusals_total{share=\"validation\"} in /q/metrics").isTrue();
        return (long) Double.parseDouble(refusals.group(1));
    }
}
