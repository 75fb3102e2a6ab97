package org.submission.doi.support;

import io.restassured.RestAssured;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.submission.platform.testing.Requests;

/**
 * The packaged service (target/quarkus-app) as a process of its own, on a free loopback port,
 * with the backend account of the tests; its output goes to a file shown when it fails to start.
 */
public final class PackagedService implements AutoCloseable {

    private static final Path APP = Path.of("target/quarkus-app");

    private final Process process;
    private final int port;
    private final Path output;

    private PackagedService(Process process, int port, Path output) {
        this.process = process;
        this.port = port;
        this.output = output;
    }

    /** Starts the service with these settings (besides port, account and mailto) and returns at once. */
    public static PackagedService start(Map<String, String> settings) {
        try {
            int port;
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            }
            Path output = Files.createTempFile("doi-service", ".log");
            ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "@jvm.options", "-XX:SharedArchiveFile=app-cds.jsa", "-jar", "quarkus-run.jar")
                    .directory(APP.toFile()).redirectErrorStream(true).redirectOutput(output.toFile());
            Map<String, String> env = builder.environment();
            env.remove("SUBMISSION_DB_URL");
            Map<String, String> all = new HashMap<>(Map.of("QUARKUS_HTTP_HOST", "127.0.0.1", "QUARKUS_HTTP_PORT", Integer.toString(port),
                    "SUBMISSION_BACKEND_USER", Requests.BACKEND, "SUBMISSION_BACKEND_PASSWORD", Requests.BACKEND_PASSWORD,
                    "SUBMISSION_DB_USER", "postgres", "DOI_SERVICE_MAILTO", "pass-test@example.org"));
            all.putAll(settings);
            env.putAll(all);
            return new PackagedService(builder.start(), port, output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits until readiness answers 200; fails with the service's output otherwise. */
    public PackagedService awaitReady(Duration within) {
        long end = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < end && process.isAlive()) {
            try {
                if (RestAssured.given().baseUri("http://127.0.0.1").port(port).get("/q/health/ready").statusCode() == 200) {
                    return this;
                }
            } catch (Exception notListening) {
                // not yet
            }
            sleep(50);
        }
        throw new AssertionError("the service did not become ready within " + within + "; its output:\n" + output());
    }

    /** A request as the backend account, with the XSRF double submit. */
    public RequestSpecification request() {
        return Requests.backend().baseUri("http://127.0.0.1").port(port);
    }

    public Response journal(String doi) {
        return endpoint("journal", doi);
    }

    public Response manuscript(String doi) {
        return endpoint("manuscript", doi);
    }

    public Response endpoint(String endpoint, String doi) {
        return request().queryParam("doi", doi).get("/doi/" + endpoint);
    }

    /** Ends the process with SIGKILL: no shutdown hook, nothing released. */
    public void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public String output() {
        try {
            return Files.readString(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
