package org.submission.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.PackagedService;
import org.submission.platform.testing.Requests;
import org.submission.platform.testing.SlowReaders;

/**
 * A stopping pod must send new requests elsewhere (docs/operator-guide.md, "Upgrade"): after SIGTERM new requests were still served for
 * seconds; they must get a 503 JSON at once while the request under way gets its answer. Its own launcher, not
 * Quarkus': the test sends SIGTERM mid-request and watches the service stop.
 */
class ShutdownIT {

    @Test
    void afterSigtermANewRequestGets503WhileTheOneUnderWayGetsItsAnswer() throws Exception {
        try (PackagedService service = WorstCaseValidation.startService()) {
            assertThat(service.get("/schemaservice?entityIds=10").statusCode()).isEqualTo(200);
            double active = activeRequests(service);
            assertThat(active).as("http_server_active_requests").isNotNaN();
            // the request under way sends half its body before SIGTERM and the rest after the fresh
            // request: it is in flight for as long as the test needs, however fast the machine validates
            byte[] blob = WorstCaseValidation.unknownKeys(19_990);
            try (Socket underWay = new Socket("127.0.0.1", service.port())) {
                underWay.setSoTimeout(60_000);
                OutputStream out = underWay.getOutputStream();
                out.write(("POST " + WorstCaseValidation.PATH + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + "Authorization: " + Requests.backendAuthorization() + "\r\nContent-Type: application/json\r\n"
                        + "X-XSRF-TOKEN: t\r\nCookie: XSRF-TOKEN=t\r\nContent-Length: " + blob.length + "\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
                out.write(blob, 0, blob.length / 2);
                out.flush();
                awaitActiveRequests(service, active + 1);

                service.terminate();
                service.awaitReadiness(503, Duration.ofSeconds(8));
                HttpResponse<String> fresh = service.get("/schemaservice?entityIds=10");
                out.write(blob, blob.length / 2, blob.length - blob.length / 2);
                out.flush();

                assertThat(fresh.statusCode()).isEqualTo(503);
                assertThat(fresh.headers().firstValue("Content-Type")).get().asString().startsWith("application/json");
                assertThat(fresh.body()).contains("\"error\"");
                String answer = new String(underWay.getInputStream().readNBytes(12), StandardCharsets.ISO_8859_1);
                assertThat(answer).as("the request under way").isEqualTo("HTTP/1.1 200");
            }
            assertThat(service.exitsWithin(Duration.ofSeconds(15))).as("exited within quarkus.shutdown.timeout").isTrue();
        }
    }

    /** Requests whose head the service has read and which it has not answered yet (the request for the figure included). */
    private static double activeRequests(PackagedService service) {
        return SlowReaders.metric(service, "http_server_active_requests");
    }

    /** Until the service has read the head of the request under way, however long a busy machine takes. */
    private static void awaitActiveRequests(PackagedService service, double count) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (activeRequests(service) < count) {
            assertThat(System.nanoTime()).as("the request under way read within a minute").isLessThan(deadline);
            Thread.sleep(20);
        }
    }
}
