package org.submission.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.IntegrationTestService;
import org.submission.platform.testing.RelativeLatency;
import org.submission.platform.testing.RelativeLatency.Times;
import org.submission.platform.testing.RunningService;

/**
 * The worst-case validation, on the packaged service with the images' JVM options (a 128 MiB heap,
 * ExitOnOutOfMemoryError): two worst-case blobs at once used to end the JVM, and one kept an
 * event loop busy for seconds.
 */
@QuarkusIntegrationTest
@WithTestResource(value = DemoSchemaService.class, scope = TestResourceScope.MATCHING_RESOURCES)
class ValidationUnderLoadIT {

    private static final int BLOBS = 8;
    private static final Duration PAUSE = Duration.ofMillis(20);

    @Test
    void eightWorstCaseBlobsAtOnceLeaveTheServiceUpAndACachedSchemaAnswerNotHeldUp() throws Exception {
        // every place full is the worst case for memory: one caller alone fills them all (fair queuing gives
        // a lone caller the whole capacity), and its excess is refused as its own (429)
        RunningService service = IntegrationTestService.current();
        Callable<Void> cachedGet = () -> {
            assertThat(service.get("/schemaservice?entityIds=10").statusCode()).isEqualTo(200);
            return null;
        };
        RelativeLatency.measure(20, Duration.ZERO, cachedGet);
        Times unloaded = RelativeLatency.measure(50, PAUSE, cachedGet);
        // half the reported blob (979 KB, 90,000 unknown keys), half the largest blob the service accepts
        byte[] reported = WorstCaseValidation.unknownKeys(90_000);
        byte[] largest = WorstCaseValidation.unknownKeys(19_990);

        List<CompletableFuture<HttpResponse<String>>> validations = new ArrayList<>();
        for (int i = 0; i < BLOBS; i++) {
            validations.add(service.http().sendAsync(WorstCaseValidation.request(service, i % 2 == 0 ? reported : largest),
                    HttpResponse.BodyHandlers.ofString()));
        }
        CompletableFuture<Void> all = CompletableFuture.allOf(validations.toArray(CompletableFuture[]::new));
        Times validating = RelativeLatency.measureWhile(() -> !all.isDone(), 1, PAUSE, cachedGet);

        assertThat(service.alive()).as("the service is still running; its log:\n%s", service.log()).isTrue();
        for (CompletableFuture<HttpResponse<String>> validation : validations) {
            HttpResponse<String> answer = validation.get();
            assertThat(answer.statusCode()).isIn(200, 400, 429);
            assertThat(answer.headers().firstValue("Content-Type")).get().asString().startsWith("application/json");
            if (answer.statusCode() == 429) {
                assertThat(answer.headers().firstValue("Retry-After")).isPresent();
            } else if (answer.statusCode() == 200) {
                assertThat(answer.body()).contains("\"truncated\":true");
            }
        }
        // which blobs reach the one worker first is the scheduler's choice: a reported one answers 400
        // there, a largest accepted one 200; either way the service worked on some and refused the rest
        assertThat(validations).as("blobs the worker took").filteredOn(v -> v.join().statusCode() != 429).isNotEmpty();
        System.out.printf("ValidationUnderLoadIT: %d blobs, statuses %s; cached GETs before: %s; while validating: %s%n",
                BLOBS, validations.stream().map(v -> v.join().statusCode()).sorted().toList(), unloaded, validating);
        // on a validating event loop they waited seconds; later the slowest were the service's own
        // full collections, while the largest blob's failures were promoted. Now they die young (the
        // schema service's heap options, schema-service/README.md "Validation"); how fast is the benchmarks'
        RelativeLatency.assertNotHeldUp("cached GET /schemaservice while validating", unloaded, validating);
    }
}
