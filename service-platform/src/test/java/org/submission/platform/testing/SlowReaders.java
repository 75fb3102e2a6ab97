package org.submission.platform.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.function.IntFunction;

/**
 * Clients that ask for an answer and never read it: each a raw socket with a 2 KB receive buffer
 * (set before connecting, so that the TCP window stays that small), as the backend account with the
 * XSRF double submit. Closing them ends their connections.
 */
public final class SlowReaders implements AutoCloseable {

    private final OpenSockets sockets = new OpenSockets();

    private SlowReaders() {
    }

    /** {@code count} connections to {@code service}, the i-th sending a GET of {@code path.apply(i)}. */
    public static SlowReaders open(PackagedService service, int count, IntFunction<String> path) {
        return open(service.port(), Requests.backendAuthorization(), count, path);
    }

    /** As {@link #open(PackagedService, int, IntFunction)}, to a service on {@code port} with that {@code Authorization}. */
    public static SlowReaders open(int port, String authorization, int count, IntFunction<String> path) {
        SlowReaders readers = new SlowReaders();
        try {
            for (int i = 0; i < count; i++) {
                Socket socket = readers.sockets.add(new Socket());
                socket.setReceiveBufferSize(2048);
                socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
                socket.getOutputStream().write(("GET " + path.apply(i) + " HTTP/1.1\r\nHost: localhost\r\n"
                        + "Authorization: " + authorization + "\r\n"
                        + "Cookie: XSRF-TOKEN=" + Requests.XSRF + "\r\nX-XSRF-TOKEN: " + Requests.XSRF + "\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
            }
            return readers;
        } catch (IOException e) {
            readers.close();
            throw new UncheckedIOException(e);
        }
    }

    /** How many of the connections the service has closed: reading them to their end takes at most {@code within} each. */
    public int closedByService(java.time.Duration within) {
        int closed = 0;
        byte[] buffer = new byte[65536];
        for (Socket socket : sockets) {
            try {
                socket.setSoTimeout((int) within.toMillis());
                while (socket.getInputStream().read(buffer) >= 0) {
                    // what the socket took before the service closed it
                }
                closed++;
            } catch (java.net.SocketTimeoutException stillOpen) {
                // the service keeps it
            } catch (IOException reset) {
                closed++;
            }
        }
        return closed;
    }

    /**
     * The sum of a Prometheus metric's samples whose line starts with {@code sample} (a name, or a
     * name with the start of its labels), read from {@code /q/metrics}; NaN when there is none.
     */
    public static double metric(PackagedService service, String sample) {
        try {
            HttpResponse<String> metrics = service.get("/q/metrics");
            return metrics.body().lines().filter(line -> line.startsWith(sample))
                    .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                    .reduce(Double::sum).orElse(Double.NaN);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Heap used, queued answer bytes and refusals, as one line for a test's output. */
    public static String memory(PackagedService service) {
        return String.format("heap used %.1f MB, direct buffers %.1f MB, answers queued %.1f MB, budget refusals %.0f",
                metric(service, "jvm_memory_used_bytes{area=\"heap\"") / 1e6,
                metric(service, "jvm_buffer_memory_used_bytes{id=\"direct\"") / 1e6,
                metric(service, "submission_http_write_pending_bytes") / 1e6,
                metric(service, "submission_http_write_budget_refusals_total"));
    }

    @Override
    public void close() {
        sockets.close();
    }
}
