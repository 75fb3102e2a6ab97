package org.submission.schema;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import org.submission.platform.testing.FreshDatabase;

/**
 * The packaged service (target/quarkus-app) as an operator runs it: a real process with the
 * images' JVM options (quarkus-app/jvm.options, written from service.jvm.options at package time, and the archive), on a fresh
 * database with the demo data.
 */
final class RunningService implements AutoCloseable {

    static final String AUTH = "Basic " + Base64.getEncoder().encodeToString("backend:backend-secret".getBytes(StandardCharsets.UTF_8));
    private static final Path APP = Path.of("target/quarkus-app");

    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    final Process process;
    final URI base;
    private final Path output;

    private RunningService(Process process, URI base, Path output) {
        this.process = process;
        this.base = base;
        this.output = output;
    }

    static RunningService start() throws Exception {
        if (!Files.isRegularFile(APP.resolve("quarkus-run.jar"))) {
            throw new IllegalStateException("no packaged service at " + APP);
        }
        Path output = Files.createTempFile("schema-service", ".log");
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@jvm.options", "-XX:SharedArchiveFile=app-cds.jsa", "-jar", "quarkus-run.jar").directory(APP.toFile()).redirectErrorStream(true)
                .redirectOutput(output.toFile());
        builder.environment().putAll(Map.of("SUBMISSION_DB_URL", FreshDatabase.create().url(), "SUBMISSION_DB_USER", "postgres",
                "SUBMISSION_SEED_DEMO", "true", "QUARKUS_HTTP_HOST", "127.0.0.1", "QUARKUS_HTTP_PORT", Integer.toString(port),
                "SUBMISSION_BACKEND_USER", "backend", "SUBMISSION_BACKEND_PASSWORD", "backend-secret"));
        RunningService service = new RunningService(builder.start(), URI.create("http://127.0.0.1:" + port), output);
        service.awaitReadiness(200, Duration.ofSeconds(90));
        return service;
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(base.resolve(path)).header("Authorization", AUTH)
                .timeout(Duration.ofSeconds(30)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpRequest validation(byte[] blob) {
        return HttpRequest.newBuilder(base.resolve("/schemaservice/validate?entityIds=10,11,12"))
                .header("Authorization", AUTH).header("Content-Type", "application/json")
                .header("X-XSRF-TOKEN", "t").header("Cookie", "XSRF-TOKEN=t")
                .timeout(Duration.ofSeconds(120)).POST(HttpRequest.BodyPublishers.ofByteArray(blob)).build();
    }

    /** The reported worst case: a 979 KB blob of 90,000 keys no schema knows. */
    static byte[] unknownKeys(int count) {
        StringBuilder blob = new StringBuilder("{\"title\": \"t\"");
        for (int i = 0; i < count; i++) {
            blob.append(",\"k").append(String.format("%05d", i)).append("\":1");
        }
        return blob.append('}').toString().getBytes(StandardCharsets.UTF_8);
    }

    void awaitReadiness(int status, Duration within) throws Exception {
        long end = System.nanoTime() + within.toNanos();
        int last = -1;
        while (System.nanoTime() < end) {
            try {
                last = get("/q/health/ready").statusCode();
                if (last == status) {
                    return;
                }
            } catch (IOException notListening) {
                last = -1;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("readiness answered " + last + ", not " + status + ", within " + within + "; its log:\n" + log());
    }

    String log() throws IOException {
        return Files.readString(output, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
