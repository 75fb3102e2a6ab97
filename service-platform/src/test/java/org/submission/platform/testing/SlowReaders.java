package org.submission.platform.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.function.IntFunction;

/**
 * Clients that ask for an answer and never read it: each a raw socket with a 2 KB receive buffer
 * (set before connecting, so that the TCP window stays that small), as the backend account with the
 * XSRF double submit. Closing them ends their connections.
 */
public final class SlowReaders implements AutoCloseable {

    /** How long {@link #timeUntilTheBudgetRefuses} asks at least, and at most while no answer was refused. */
    private static final Duration MEANWHILE = Duration.ofSeconds(5);
    private static final Duration AT_MOST = Duration.ofSeconds(240);
    /** The start of an answer's status line, up to its code. */
    private static final String STATUS_LINE = "HTTP/1.1 200";

    private final OpenSockets sockets = new OpenSockets();

    private SlowReaders() {
    }

    /** {@code count} connections to {@code service}, the i-th sending a GET of {@code path.apply(i)}. */
    public static SlowReaders open(RunningService service, int count, IntFunction<String> path) {
        return open(service.port(), Requests.backendAuthorization(), count, path);
    }

    /** As {@link #open(RunningService, int, IntFunction)}, to a service on {@code port} with that {@code Authorization}. */
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

    /**
     * How many of the answers have each status, read from their status lines only, so that the
     * readers stay slow: waits up to {@code within} for each; one with no status line by then counts as 0.
     */
    public Map<Integer, Integer> statuses(Duration within) {
        Map<Integer, Integer> statuses = new TreeMap<>();
        for (Socket socket : sockets) {
            int status;
            try {
                socket.setSoTimeout((int) within.toMillis());
                String line = new String(socket.getInputStream().readNBytes(STATUS_LINE.length()), StandardCharsets.ISO_8859_1);
                status = line.startsWith("HTTP/1.1 ") && line.length() == STATUS_LINE.length() ? Integer.parseInt(line.substring(9)) : 0;
            } catch (IOException | NumberFormatException none) {
                status = 0;
            }
            statuses.merge(status, 1, Integer::sum);
        }
        return statuses;
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
     * The milliseconds of each {@code request} (another caller's, whose answer must be a 200), sent every
     * 50 ms for at least five seconds and on until the write budget has refused an answer (at most four minutes). On a
     * loaded machine the slow readers' answers take longer to pile up to the budget; a wait bounded
     * only in time would end before the refusal it is there to see.
     */
    public static List<Long> timeUntilTheBudgetRefuses(RunningService service, Callable<HttpResponse<String>> request)
            throws Exception {
        List<Long> millis = new ArrayList<>();
        long start = System.nanoTime();
        while (System.nanoTime() - start < MEANWHILE.toNanos()
                || !budgetHasRefused(service) && System.nanoTime() - start < AT_MOST.toNanos()) {
            millis.add(timeOne(service, request));
            Thread.sleep(50);
        }
        return millis;
    }

    /** The milliseconds of {@code count} of the same requests, one after another, before any attack: what the others compare with. */
    public static List<Long> timeUnloaded(RunningService service, Callable<HttpResponse<String>> request, int count) throws Exception {
        List<Long> millis = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            millis.add(timeOne(service, request));
        }
        return millis;
    }

    /**
     * The request was not held up by the attack: its median at most ten times its unloaded median
     * plus 50 ms, and none as long as the five seconds a request queued behind the slow readers
     * (their write-idle timeout is ten) would take. Relative, so that it holds on a loaded machine,
     * where both medians grow alike.
     */
    public static void assertNotHeldUp(String what, List<Long> unloaded, List<Long> underAttack) {
        long before = median(unloaded);
        long meanwhile = median(underAttack);
        long slowest = underAttack.stream().mapToLong(Long::longValue).max().orElseThrow();
        System.out.printf("SlowReadersIT: %d %s meanwhile: median %d ms (unloaded %d ms), slowest %d ms%n",
                underAttack.size(), what, meanwhile, before, slowest);
        assertThat(meanwhile).as("the median %s under the slow readers, in ms, against %d ms unloaded", what, before)
                .isLessThanOrEqualTo(10 * before + 50);
        assertThat(slowest).as("the slowest %s under the slow readers, in ms", what).isLessThan(5_000);
    }

    private static long median(List<Long> millis) {
        return millis.stream().sorted().toList().get(millis.size() / 2);
    }

    private static long timeOne(RunningService service, Callable<HttpResponse<String>> request) throws Exception {
        long started = System.nanoTime();
        HttpResponse<String> answer = request.call();
        if (answer.statusCode() != 200) {
            throw new AssertionError("another caller's request got " + answer.statusCode() + " " + answer.body()
                    + "; the service's log:\n" + service.log());
        }
        return (System.nanoTime() - started) / 1_000_000;
    }

    /**
     * Whether the write budget has refused an answer. The scrape that asks is itself a large answer:
     * while the budget is held it is refused too (503), which is the refusal looked for. Reading
     * only the counter would wait until a scrape got through, up to a minute on a busy machine.
     */
    public static boolean budgetHasRefused(RunningService service) {
        HttpResponse<String> metrics = get(service, "/q/metrics");
        return refusedByTheBudget(metrics) || sum(metrics, "submission_http_write_budget_refusals_total") > 0;
    }

    private static boolean refusedByTheBudget(HttpResponse<String> answer) {
        return answer.statusCode() == 503 && answer.body().contains("busy sending large answers");
    }

    /**
     * The sum of a Prometheus metric's samples whose line starts with {@code sample} (a name, or a
     * name with the start of its labels), read from {@code /q/metrics}; NaN when there is none. A
     * scrape the held write budget refuses is asked again (for at most four minutes).
     */
    public static double metric(RunningService service, String sample) {
        long deadline = System.nanoTime() + AT_MOST.toNanos();
        HttpResponse<String> metrics = get(service, "/q/metrics");
        while (refusedByTheBudget(metrics) && System.nanoTime() < deadline) {
            RunningService.sleep(100);
            metrics = get(service, "/q/metrics");
        }
        return sum(metrics, sample);
    }

    private static double sum(HttpResponse<String> metrics, String sample) {
        return metrics.body().lines().filter(line -> line.startsWith(sample))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .reduce(Double::sum).orElse(Double.NaN);
    }

    private static HttpResponse<String> get(RunningService service, String path) {
        try {
            return service.get(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Heap used, queued answer bytes and refusals, as one line for a test's output. */
    public static String memory(RunningService service) {
        HttpResponse<String> metrics = get(service, "/q/metrics");
        if (metrics.statusCode() != 200) {
            return "metrics refused: " + metrics.statusCode() + " " + metrics.body();
        }
        return String.format("heap used %.1f MB, direct buffers %.1f MB, answers queued %.1f MB, budget refusals %.0f",
                sum(metrics, "jvm_memory_used_bytes{area=\"heap\"") / 1e6,
                sum(metrics, "jvm_buffer_memory_used_bytes{id=\"direct\"") / 1e6,
                sum(metrics, "submission_http_write_pending_bytes") / 1e6,
                sum(metrics, "submission_http_write_budget_refusals_total"));
    }

    @Override
    public void close() {
        sockets.close();
    }
}
