package org.submission.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
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
            // the request under way sends half its body before SIGTERM and the rest after the fresh
            // request: it is in flight for as long as the test needs, however fast the machine validates
            byte[] blob = RunningService.unknownKeys(19_990);
            try (Socket underWay = new Socket(service.base.getHost(), service.base.getPort())) {
                underWay.setSoTimeout(60_000);
                OutputStream out = underWay.getOutputStream();
                out.write(("POST /schemaservice/validate?entityIds=10,11,12 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + "Authorization: " + RunningService.AUTH + "\r\nContent-Type: application/json\r\n"
                        + "X-XSRF-TOKEN: t\r\nCookie: XSRF-TOKEN=t\r\nContent-Length: " + blob.length + "\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
                out.write(blob, 0, blob.length / 2);
                out.flush();
                Thread.sleep(300);

                service.process.destroy();
                service.awaitReadiness(503, Duration.ofSeconds(3));
                HttpResponse<String> fresh = service.get("/schemaservice?entityIds=10");
                out.write(blob, blob.length / 2, blob.length - blob.length / 2);
                out.flush();

                assertThat(fresh.statusCode()).isEqualTo(503);
                assertThat(fresh.headers().firstValue("Content-Type")).get().asString().startsWith("application/json");
                assertThat(fresh.body()).contains("\"error\"");
                String answer = new String(underWay.getInputStream().readNBytes(12), StandardCharsets.ISO_8859_1);
                assertThat(answer).as("the request under way").isEqualTo("HTTP/1.1 200");
            }
            assertThat(service.process.waitFor(15, TimeUnit.SECONDS)).as("exited within quarkus.shutdown.timeout").isTrue();
        }
    }
}
