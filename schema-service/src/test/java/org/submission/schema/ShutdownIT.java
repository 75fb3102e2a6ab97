package org.submission.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 18 item 9 (deploy/README "Shutdown"): after SIGTERM new requests were still served for
 * seconds; they must get a 503 JSON at once while the request under way gets its answer.
 */
class ShutdownIT {

    @Test
    void afterSigtermANewRequestGets503WhileTheOneUnderWayGetsItsAnswer() throws Exception {
        try (RunningService service = RunningService.start()) {
            assertThat(service.get("/schemaservice?entityIds=10").statusCode()).isEqualTo(200);
            CompletableFuture<HttpResponse<String>> underWay = service.http.sendAsync(
                    service.validation(RunningService.unknownKeys(19_990)), HttpResponse.BodyHandlers.ofString());
            Thread.sleep(300);

            service.process.destroy();
            service.awaitReadiness(503, Duration.ofSeconds(3));
            HttpResponse<String> fresh = service.get("/schemaservice?entityIds=10");

            assertThat(fresh.statusCode()).isEqualTo(503);
            assertThat(fresh.headers().firstValue("Content-Type")).get().asString().startsWith("application/json");
            assertThat(fresh.body()).contains("\"error\"");
            assertThat(underWay.get(15, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            assertThat(service.process.waitFor(15, TimeUnit.SECONDS)).as("exited within quarkus.shutdown.timeout").isTrue();
        }
    }
}
