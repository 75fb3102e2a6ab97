package org.submission.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.Requests;

/**
 * A client that pipelines thousands of authenticated requests for small answers on one connection
 * and reads nothing: the service makes only the answers its connection has room for, and the rest as the
 * client reads them.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class PipelinedRequestsTest {

    private static final int REQUESTS = 3_000;

    @Test
    void pipelinedRequestsOfAClientThatDoesNotReadWaitUnansweredUntilItReads() throws Exception {
        int before = AnswerProbeResource.MADE.get();
        try (Socket client = new Socket()) {
            client.setReceiveBufferSize(2048);
            client.connect(new InetSocketAddress("127.0.0.1", RestAssured.port), 5_000);
            Thread sender = pipeline(client.getOutputStream());

            int madeWhileNotReading = settled() - before;
            int answers = readAnswers(client.getInputStream());
            sender.join(10_000);

            // a connection holds under Netty's 64 KB high-water mark and the sockets' buffers: a few
            // answers of 12 KB; without the bound all 3,000 (36 MB) were made and queued
            assertThat(madeWhileNotReading).isLessThan(100);
            assertThat(answers).isEqualTo(REQUESTS);
        }
    }

    /** Sends every request on its own thread: the service stops reading them, which blocks the sender. */
    private static Thread pipeline(OutputStream out) {
        byte[] request = ("GET /probe/answer HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + Requests.backendAuthorization() + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        Thread sender = new Thread(() -> {
            try {
                for (int i = 0; i < REQUESTS; i++) {
                    out.write(request);
                }
                out.flush();
            } catch (IOException closed) {
                // the test has ended the connection
            }
        });
        sender.setDaemon(true);
        sender.start();
        return sender;
    }

    /** The count of answers made, once it has not changed for a second (at most 30 s). */
    private static int settled() throws InterruptedException {
        int last = -1;
        for (int quiet = 0, waited = 0; quiet < 5 && waited < 150; waited++) {
            Thread.sleep(200);
            int now = AnswerProbeResource.MADE.get();
            quiet = now == last ? quiet + 1 : 0;
            last = now;
        }
        return last;
    }

    private static int readAnswers(InputStream socket) throws IOException {
        InputStream in = new BufferedInputStream(socket);
        int answers = 0;
        for (; answers < REQUESTS; answers++) {
            int length = -1;
            String status = line(in);
            assertThat(status).startsWith("HTTP/1.1 200");
            for (String header = line(in); !header.isEmpty(); header = line(in)) {
                if (header.toLowerCase().startsWith("content-length:")) {
                    length = Integer.parseInt(header.substring(15).trim());
                }
            }
            assertThat(in.readNBytes(length)).hasSize(AnswerProbeResource.SIZE);
        }
        return answers;
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("connection closed after a partial answer");
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }
}
