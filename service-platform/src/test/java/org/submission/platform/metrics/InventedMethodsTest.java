package org.submission.platform.metrics;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;

/**
 * Issue 18 item 1: each distinct method name used to become a metric series kept for the life of
 * the process (3,000 requests with 60 KB names filled a 128 MiB heap). Invented methods must leave
 * the number of series, and the heap, where they were.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class InventedMethodsTest {

    private static final int REQUESTS = 5_000;
    private static final String PADDING = "Q".repeat(2_000);

    @Test
    void fiveThousandInventedMethodsLeaveTheSeriesAndTheHeapFlat() throws IOException {
        // the first refusal, scrape and System.gc() each add their own few series (status 501,
        // uri /q/metrics, cause System.gc()), once
        send(0, 20);
        series();
        heapAfterGc();
        long seriesBefore = series();
        long heapBefore = heapAfterGc();

        send(20, REQUESTS);
        long seriesAfter = series();
        long heapGrowth = heapAfterGc() - heapBefore;
        System.out.printf("InventedMethodsTest: %d invented methods: series %d -> %d, heap after GC %+d KB%n",
                REQUESTS - 20, seriesBefore, seriesAfter, heapGrowth / 1024);

        assertThat(seriesAfter).isEqualTo(seriesBefore);
        // 5,000 names of 2 KB held by the registry would be well over 10 MB
        assertThat(heapGrowth).isLessThan(4L * 1024 * 1024);
    }

    private static long series() {
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        return metrics.lines().filter(line -> !line.isBlank() && !line.startsWith("#")).count();
    }

    private static long heapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** One keep-alive connection, one request after the other, each with a method of its own. */
    private static void send(int from, int to) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", RestAssured.port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            for (int i = from; i < to; i++) {
                out.write(("M" + i + PADDING + " /probe/open HTTP/1.1\r\nHost: localhost\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                assertThat(readAnswer(in)).as("refused").matches("(?s)HTTP/1\\.1 [45]\\d\\d .*");
            }
        }
    }

    private static String readAnswer(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed mid-answer");
            }
            head.write(b);
        }
        String headers = head.toString(StandardCharsets.ISO_8859_1);
        int length = headers.lines().filter(l -> l.toLowerCase().startsWith("content-length:"))
                .mapToInt(l -> Integer.parseInt(l.substring(l.indexOf(':') + 1).trim())).findFirst().orElse(0);
        in.readNBytes(length);
        return headers;
    }
}
