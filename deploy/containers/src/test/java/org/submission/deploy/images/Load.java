package org.submission.deploy.images;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/** Requests as the backend sends them: HTTP Basic, and the XSRF double submit the DOI endpoints need. */
final class Load {

    /** With three builds on the 2 cores (load average 25), one DOI request in 1,000 was still shed after four. */
    private static final int ATTEMPTS = 8;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Load() {
    }

    static HttpRequest.Builder backend(URI uri) {
        String basic = Base64.getEncoder().encodeToString((ServiceContainer.BACKEND_USER + ":"
                + ServiceContainer.BACKEND_PASSWORD).getBytes(StandardCharsets.UTF_8));
        return HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60)).header("Authorization", "Basic " + basic)
                .header("X-XSRF-TOKEN", "t").header("Cookie", "XSRF-TOKEN=t");
    }

    static HttpResponse<String> get(URI uri) throws Exception {
        return HTTP.send(backend(uri).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** How many answers had each status, after retries; the 503s waited out, and the 504s sent again. */
    record Outcome(Map<Integer, Integer> statuses, int refusalsRetried, int deadlinesRetried) {
    }

    /**
     * Sends {@code count} GETs, 8 at a time. A 503 with Retry-After is the service shedding load on a busy
     * machine (a turn at the upstream's rate or a database connection not free in time), which a client
     * waits out: such a request is sent again after the pause, at most {@value #ATTEMPTS} times in all.
     * So is a 504, the DOI service's deadline for a lookup passing while a busy machine holds its turn
     * or its call up: a client sends an idempotent GET again, at once.
     */
    static Outcome run(int count, IntFunction<URI> uriOfRequest) throws InterruptedException {
        Map<Integer, Integer> statuses = new ConcurrentHashMap<>();
        AtomicInteger retried = new AtomicInteger();
        AtomicInteger deadlines = new AtomicInteger();
        ExecutorService senders = Executors.newFixedThreadPool(8);
        for (int i = 0; i < count; i++) {
            URI uri = uriOfRequest.apply(i);
            senders.submit(() -> statuses.merge(sendWaitingOutRefusals(uri, retried, deadlines), 1, Integer::sum));
        }
        senders.shutdown();
        if (!senders.awaitTermination(10, TimeUnit.MINUTES)) {
            throw new AssertionError("the requests did not end within 10 minutes");
        }
        return new Outcome(new TreeMap<>(statuses), retried.get(), deadlines.get());
    }

    private static int sendWaitingOutRefusals(URI uri, AtomicInteger retried, AtomicInteger deadlines) {
        try {
            for (int attempt = 1; ; attempt++) {
                HttpResponse<String> answer = get(uri);
                if (answer.statusCode() == 504 && attempt < ATTEMPTS) {
                    deadlines.incrementAndGet();
                    continue;
                }
                Optional<String> retryAfter = answer.headers().firstValue("Retry-After");
                if (answer.statusCode() != 503 || retryAfter.isEmpty() || attempt == ATTEMPTS) {
                    return answer.statusCode();
                }
                retried.incrementAndGet();
                Thread.sleep(Math.min(Long.parseLong(retryAfter.get()), 5) * 1000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        } catch (Exception e) {
            return -1;
        }
    }
}
