package org.submission.deploy.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.submission.platform.testing.ExternalTool;

/**
 * A real Prometheus (Debian's {@code prometheus}), started by a test on a free loopback port with
 * its configuration and storage in a folder of the test's own, scraping each given service's
 * {@code /q/metrics} every second under the job of the service's name (as a ServiceMonitor names
 * it), and stopped with the test. Never a system daemon.
 */
final class LocalPrometheus implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final URI base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private LocalPrometheus(Process process, URI base) {
        this.process = process;
        this.base = base;
    }

    /** Starts scraping {@code targets} (service name to port on 127.0.0.1) and waits until it is ready. */
    static LocalPrometheus start(Path dir, Map<String, Integer> targets) throws Exception {
        Path prometheus = ExternalTool.require("prometheus");
        StringBuilder config = new StringBuilder("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n");
        targets.forEach((service, port) -> config.append("  - job_name: ").append(service)
                .append("\n    metrics_path: /q/metrics\n    static_configs:\n      - targets: ['127.0.0.1:").append(port).append("']\n"));
        Path file = Files.writeString(dir.resolve("prometheus.yml"), config);
        int port = freePort();
        Process process = new ProcessBuilder(prometheus.toString(), "--config.file=" + file,
                "--storage.tsdb.path=" + Files.createDirectories(dir.resolve("data")), "--web.listen-address=127.0.0.1:" + port)
                .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
        LocalPrometheus started = new LocalPrometheus(process, URI.create("http://127.0.0.1:" + port));
        started.awaitReady(dir.resolve("prometheus.log"));
        return started;
    }

    private void awaitReady(Path log) throws Exception {
        Instant deadline = Instant.now().plusSeconds(60);
        while (Instant.now().isBefore(deadline) && process.isAlive()) {
            try {
                if (http.send(HttpRequest.newBuilder(base.resolve("/-/ready")).build(), HttpResponse.BodyHandlers.discarding())
                        .statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        close();
        throw new IllegalStateException("prometheus did not become ready:\n" + Files.readString(log));
    }

    /** The series an instant query answers ({@code /api/v1/query}); fails on a query Prometheus refuses. */
    List<JsonNode> query(String promql) throws Exception {
        JsonNode answer = get("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        List<JsonNode> series = new ArrayList<>();
        answer.path("data").path("result").forEach(series::add);
        return series;
    }

    /** Every metric name Prometheus holds a series of. */
    TreeSet<String> metricNames() throws Exception {
        TreeSet<String> names = new TreeSet<>();
        get("/api/v1/label/__name__/values").path("data").forEach(name -> names.add(name.asText()));
        return names;
    }

    /** How many scrapes of the {@code up} series each job has had: the number of samples over the last minute. */
    double scrapes(String job) throws Exception {
        List<JsonNode> series = query("count_over_time(up{job=\"" + job + "\"}[1m])");
        return series.isEmpty() ? 0 : series.get(0).path("value").get(1).asDouble();
    }

    private JsonNode get(String pathAndQuery) throws Exception {
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(base + pathAndQuery)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new IllegalArgumentException("prometheus answered " + answer.statusCode() + " to " + pathAndQuery + ": " + answer.body());
        }
        return JSON.readTree(answer.body());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
