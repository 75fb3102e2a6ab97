package org.submission.deploy.images;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/** Requests as the backend sends them: HTTP Basic, and the XSRF double submit the DOI endpoints need. */
final class Load {

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

    /** Sends {@code count} GETs, 8 at a time; returns how many answers had each status. */
    static Map<Integer, Integer> run(int count, IntFunction<URI> uriOfRequest) throws InterruptedException {
        Map<Integer, Integer> statuses = new ConcurrentHashMap<>();
        ExecutorService senders = Executors.newFixedThreadPool(8);
        for (int i = 0; i < count; i++) {
            URI uri = uriOfRequest.apply(i);
            senders.submit(() -> {
                int status;
                try {
                    status = get(uri).statusCode();
                } catch (Exception e) {
                    status = -1;
                }
                statuses.merge(status, 1, Integer::sum);
            });
        }
        senders.shutdown();
        if (!senders.awaitTermination(10, TimeUnit.MINUTES)) {
            throw new AssertionError("the requests did not end within 10 minutes");
        }
        return new TreeMap<>(statuses);
    }
}
