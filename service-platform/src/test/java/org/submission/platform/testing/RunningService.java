package org.submission.platform.testing;

import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A packaged service running as a process of its own on a loopback port, whoever started it: a
 * {@code @QuarkusIntegrationTest} ({@link IntegrationTestService}) or a test that starts and stops
 * instances itself ({@link PackagedService}). Requests go as the backend account of
 * {@link Requests}; {@link #log()} is what the service has written to its output file.
 */
public abstract class RunningService {

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final int port;
    private final Path output;

    RunningService(int port, Path output) {
        this.port = port;
        this.output = output;
    }

    /** The service's process: its pid for {@code jcmd}, and whether it still runs. */
    public abstract ProcessHandle handle();

    /** Whether the service's process still runs. */
    public boolean alive() {
        return handle().isAlive();
    }

    public int port() {
        return port;
    }

    /** The service's base URL with {@code path} (and query) resolved against it. */
    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port).resolve(path);
    }

    /** A rest-assured request to this service as the backend account, with the XSRF double submit. */
    public RequestSpecification request() {
        return Requests.backend().baseUri("http://127.0.0.1").port(port);
    }

    /**
     * A request to {@code path} as the backend account with the XSRF double submit, for
     * {@link #http()}: the JDK's client sends large bodies asynchronously, which rest-assured does not.
     */
    public HttpRequest.Builder requestTo(String path) {
        return HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(120))
                .header("Authorization", Requests.backendAuthorization())
                .header("Cookie", "XSRF-TOKEN=" + Requests.XSRF).header("X-XSRF-TOKEN", Requests.XSRF);
    }

    /** A GET of {@code path} as the backend account. */
    public HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(requestTo(path).timeout(Duration.ofSeconds(30)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    public HttpClient http() {
        return http;
    }

    /** Everything the service has written so far. */
    public String log() {
        try {
            return Files.readString(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /** How many bytes of output there are so far, for {@link #logSince(long)}. */
    public long logSize() {
        try {
            return Files.size(output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The output written after {@code offset} bytes. */
    public String logSince(long offset) {
        try {
            byte[] log = Files.readAllBytes(output);
            return new String(log, (int) offset, log.length - (int) offset, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Thread.sleep for callers that cannot throw: an interrupt is kept and ends the test. */
    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
