import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Load for the DOI service, loopback only, bounded in time. Closed loop: each of the
 * {@code concurrency} slots sends its next request when the previous one answers. Phases: the
 * stub upstream itself (the floor), then each endpoint with distinct DOIs (cache cold) and with
 * each slot cycling over four DOIs it warmed up (cache warm, and never two in flight for one
 * DOI). Last, 200 requests at once for distinct slow DOIs while live threads are counted.
 *
 * <pre>java Bench.java serviceUrl stubUrl servicePid [seconds] [concurrency]</pre>
 * Credentials from SUBMISSION_BACKEND_USER / SUBMISSION_BACKEND_PASSWORD.
 */
public class Bench {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private static final String XSRF = "bench-xsrf-token";

    private static String service;
    private static String stub;
    private static String authorization;

    public static void main(String[] args) throws Exception {
        service = args[0];
        stub = args[1];
        long pid = Long.parseLong(args[2]);
        int seconds = args.length > 3 ? Integer.parseInt(args[3]) : 10;
        int concurrency = args.length > 4 ? Integer.parseInt(args[4]) : 32;
        authorization = "Basic " + Base64.getEncoder().encodeToString((System.getenv("SUBMISSION_BACKEND_USER") + ":"
                + System.getenv("SUBMISSION_BACKEND_PASSWORD")).getBytes(StandardCharsets.UTF_8));
        String run = Long.toString(System.currentTimeMillis(), 36);

        System.out.printf("concurrency %d, %d s per phase, run %s%n%n", concurrency, seconds, run);
        System.out.printf("%-38s %8s %9s %9s %9s %s%n", "phase", "requests", "req/s", "p50 ms", "p99 ms", "statuses");
        // JIT and pools warm up before anything is measured
        phase("(warm-up, not counted)", seconds, concurrency, (slot) -> n -> journal("10.5555/w." + run + "." + slot + "." + n), false);
        phase("(warm-up, not counted)", seconds / 2, concurrency, (slot) -> n -> manuscript("10.5555/w." + run + "." + slot + "." + n), false);

        phase("stub upstream alone (floor)", seconds, concurrency, slot -> n -> direct(stub + "/works/10.5555/f." + slot + "." + n), true);
        phase("/doi/journal distinct DOIs (cold)", seconds, concurrency, slot -> n -> journal("10.5555/c." + run + "." + slot + "." + n), true);
        warm(concurrency, "journal", run);
        phase("/doi/journal repeated DOIs (warm)", seconds, concurrency, slot -> n -> journal("10.5555/h." + run + "." + slot + "." + (n % 4)), true);
        phase("/doi/manuscript distinct DOIs (cold)", seconds, concurrency, slot -> n -> manuscript("10.5555/m." + run + "." + slot + "." + n), true);
        warm(concurrency, "manuscript", run);
        phase("/doi/manuscript repeated DOIs (warm)", seconds, concurrency, slot -> n -> manuscript("10.5555/g." + run + "." + slot + "." + (n % 4)), true);

        threads(pid, run);
    }

    /** Fills the cache with the four DOIs of each slot. */
    private static void warm(int concurrency, String endpoint, String run) {
        List<CompletableFuture<HttpResponse<Void>>> all = new ArrayList<>();
        String letter = endpoint.equals("journal") ? "h" : "g";
        for (int slot = 0; slot < concurrency; slot++) {
            for (int n = 0; n < 4; n++) {
                String doi = "10.5555/" + letter + "." + run + "." + slot + "." + n;
                HttpRequest request = endpoint.equals("journal") ? journal(doi) : manuscript(doi);
                all.add(CLIENT.sendAsync(request, HttpResponse.BodyHandlers.discarding()));
            }
        }
        all.forEach(CompletableFuture::join);
    }

    interface Slot {
        HttpRequest request(long n);
    }

    private static void phase(String name, int seconds, int concurrency, IntFunction<Slot> slots, boolean print)
            throws InterruptedException {
        List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        CountDownLatch done = new CountDownLatch(concurrency);
        long start = System.nanoTime();
        for (int i = 0; i < concurrency; i++) {
            loop(slots.apply(i), 0, end, latencies, statuses, done);
        }
        done.await(seconds + 60L, TimeUnit.SECONDS);
        double elapsed = (System.nanoTime() - start) / 1e9;
        if (!print) {
            return;
        }
        List<Long> sorted = new ArrayList<>(latencies);
        Collections.sort(sorted);
        System.out.printf("%-38s %8d %9.0f %9.1f %9.1f %s%n", name, sorted.size(), sorted.size() / elapsed,
                percentile(sorted, 0.50), percentile(sorted, 0.99), new TreeMap<>(statuses));
    }

    private static void loop(Slot slot, long n, long end, List<Long> latencies, Map<Integer, AtomicInteger> statuses,
            CountDownLatch done) {
        if (System.nanoTime() >= end) {
            done.countDown();
            return;
        }
        long sent = System.nanoTime();
        CLIENT.sendAsync(slot.request(n), HttpResponse.BodyHandlers.ofByteArray()).whenComplete((response, failure) -> {
            latencies.add(System.nanoTime() - sent);
            statuses.computeIfAbsent(failure == null ? response.statusCode() : -1, k -> new AtomicInteger()).incrementAndGet();
            loop(slot, n + 1, end, latencies, statuses, done);
        });
    }

    private static double percentile(List<Long> sorted, double p) {
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        int index = (int) Math.ceil(p * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index))) / 1e6;
    }

    /** 200 requests at once for distinct DOIs the stub holds for 2 s; threads counted while they wait. */
    private static void threads(long pid, String run) throws Exception {
        Map<String, Integer> idle = threadGroups(pid);
        double idleLive = liveThreads();
        List<CompletableFuture<HttpResponse<Void>>> burst = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            burst.add(CLIENT.sendAsync(journal("10.5555/slow." + run + "." + i), HttpResponse.BodyHandlers.discarding()));
        }
        Thread.sleep(1_000);
        Map<String, Integer> busy = threadGroups(pid);
        double busyLive = liveThreads();
        Map<Integer, Integer> statuses = new TreeMap<>();
        for (CompletableFuture<HttpResponse<Void>> answer : burst) {
            statuses.merge(answer.get(30, TimeUnit.SECONDS).statusCode(), 1, Integer::sum);
        }
        System.out.printf("%n200 concurrent /doi/journal requests for distinct DOIs (stub holds each 2 s): statuses %s%n", statuses);
        System.out.printf("jvm_threads_live (/q/metrics): idle %.0f, with 200 requests waiting %.0f%n", idleLive, busyLive);
        System.out.printf("%-28s %6s %6s%n", "thread group (jcmd)", "idle", "busy");
        TreeMap<String, Integer> groups = new TreeMap<>(idle);
        busy.forEach(groups::putIfAbsent);
        groups.keySet().forEach(group -> System.out.printf("%-28s %6d %6d%n", group,
                idle.getOrDefault(group, 0), busy.getOrDefault(group, 0)));
    }

    private static final Pattern THREAD = Pattern.compile("^\"([^\"]+)\"", Pattern.MULTILINE);

    private static Map<String, Integer> threadGroups(long pid) throws Exception {
        Process jcmd = new ProcessBuilder("jcmd", Long.toString(pid), "Thread.print").redirectErrorStream(true).start();
        String dump = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        jcmd.waitFor(30, TimeUnit.SECONDS);
        Map<String, Integer> groups = new TreeMap<>();
        Matcher m = THREAD.matcher(dump);
        while (m.find()) {
            groups.merge(m.group(1).replaceAll("[-#]?\\d+$", "").replaceAll("-\\d+-", "-N-"), 1, Integer::sum);
        }
        return groups;
    }

    private static double liveThreads() throws Exception {
        String metrics = CLIENT.send(HttpRequest.newBuilder(URI.create(service + "/q/metrics")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        Matcher m = Pattern.compile("^jvm_threads_live_threads\\S* ([0-9.E]+)$", Pattern.MULTILINE).matcher(metrics);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    private static HttpRequest journal(String doi) {
        return doi("/doi/journal", doi);
    }

    private static HttpRequest manuscript(String doi) {
        return doi("/doi/manuscript", doi);
    }

    private static HttpRequest doi(String path, String doi) {
        return HttpRequest.newBuilder(URI.create(service + path + "?doi=" + URLEncoder.encode(doi, StandardCharsets.UTF_8)))
                .header("Authorization", authorization).header("Cookie", "XSRF-TOKEN=" + XSRF)
                .header("X-XSRF-TOKEN", XSRF).timeout(Duration.ofSeconds(30)).build();
    }

    private static HttpRequest direct(String url) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build();
    }
}
