package org.submission.platform.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The invented-methods attack (each new method name once became a metric series) and what it is measured by: requests with methods no service serves,
 * each name of its own and 2 KB long, and the series a service's {@code /q/metrics} answer holds.
 */
public final class InventedMethods {

    private static final String PADDING = "Q".repeat(2_000);

    private InventedMethods() {
    }

    /**
     * Sends methods number {@code from} to {@code to - 1} one after the other on one keep-alive
     * connection; each must be refused, 405 or 501, with a JSON error.
     */
    public static void send(int port, int from, int to) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            for (int i = from; i < to; i++) {
                out.write(("M" + i + PADDING + " /probe/open HTTP/1.1\r\nHost: localhost\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                assertThat(readAnswer(in)).as("refused with 405 or 501, in JSON")
                        .matches("(?si)HTTP/1\\.1 (405|501) .*\r\ncontent-type: application/json.*");
            }
        }
    }

    /**
     * The number of series (sample lines) in a Prometheus text answer, but the JVM's collection
     * pauses: those are tagged with the collector's cause, a closed set that a collection of a new
     * cause during the requests extends by its three series (seen: 156 to 159), whatever the requests.
     */
    public static long series(String metrics) {
        return metrics.lines().filter(line -> !line.isBlank() && !line.startsWith("#") && !line.startsWith("jvm_gc_pause"))
                .count();
    }

    /**
     * The heap that survived the last full collection, from a Prometheus text answer: the
     * {@code jvm_memory_used_bytes} of every heap pool but eden, which holds only what was
     * allocated since (the scrape itself among it).
     */
    public static long heapKept(String metrics) {
        return (long) metrics.lines().filter(line -> line.startsWith("jvm_memory_used_bytes{") && line.contains("area=\"heap\"")
                        && !line.contains("Eden"))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))).sum();
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
