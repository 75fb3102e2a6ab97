package org.submission.platform.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.submission.localpostgres.PodMemory;

/**
 * The module's packaged service ({@code target/quarkus-app}, where a failsafe {@code *IT} runs) as
 * an operator runs it (README, "The two commands"): a process of its own started from that folder
 * with the images' JVM options ({@code java @jvm.options}, which the package writes from the pom's
 * {@code service.jvm.options}), on a free
 * loopback port, with the backend account of {@link Requests}. Its output goes to a file, shown
 * when it fails to become ready. {@code try (PackagedService service = PackagedService.start(
 * database.settings()).awaitReady(...)) { service.request()... }}
 *
 * <p>A test that needs one running service is a {@code @QuarkusIntegrationTest} instead
 * ({@link IntegrationTestService}). This launcher is for what Quarkus' launcher does not do: several
 * instances at once (across pods), a restart on the same database (rotation, migrations), a
 * service that must refuse to start, settings that differ per test, or signals sent mid-request.
 */
public final class PackagedService extends RunningService implements AutoCloseable {

    private static final Path APP = Path.of("target/quarkus-app");

    private final Process process;

    private PackagedService(Process process, int port, Path output) {
        super(port, output);
        this.process = process;
    }

    /**
     * Starts the service and returns at once. {@code settings} (environment variables) are added to
     * the loopback host, the free port and the backend account, and may override them; a
     * {@code SUBMISSION_DB_URL} of the test's own environment is not passed on.
     */
    public static PackagedService start(Map<String, String> settings) {
        return start(APP, settings);
    }

    /** Whether {@code app} holds a packaged service ({@code quarkus-run.jar}). */
    public static boolean packaged(Path app) {
        return Files.isRegularFile(app.resolve("quarkus-run.jar"));
    }

    /** As {@link #start(Map)}, for the packaged service in {@code app}: another module's {@code target/quarkus-app}, say. */
    public static PackagedService start(Path app, Map<String, String> settings) {
        if (!packaged(app)) {
            throw new IllegalStateException("no packaged service at " + app.toAbsolutePath() + "; *IT tests run after the package");
        }
        try {
            int port;
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            }
            Path output = Files.createTempFile(app.toAbsolutePath().normalize().getParent().getParent().getFileName() + "-", ".log");
            output.toFile().deleteOnExit();   // read by the tests until then; every run used to leave its logs behind
            ProcessBuilder builder = new ProcessBuilder(command(app)).directory(app.toFile())
                    .redirectErrorStream(true).redirectOutput(output.toFile());
            Map<String, String> environment = builder.environment();
            environment.remove("SUBMISSION_DB_URL");
            Map<String, String> all = new HashMap<>(Map.of("QUARKUS_HTTP_HOST", "127.0.0.1",
                    "QUARKUS_HTTP_PORT", Integer.toString(port),
                    "SUBMISSION_BACKEND_USER", Requests.BACKEND, "SUBMISSION_BACKEND_PASSWORD", Requests.BACKEND_PASSWORD));
            all.putAll(settings);
            environment.putAll(all);
            return new PackagedService(builder.start(), port, output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The JDK running the tests, the written options, the jar; run in {@code target/quarkus-app}. Not the
     * AOT cache: the module's own is assembled after its integration tests, and another module's serves
     * only the JDK 25 build that trained it.
     */
    private static List<String> command(Path app) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "@jvm.options",
                // the heap is a share of the memory the JVM sees: the pod's limit, as in a pod
                PodMemory.MAX_RAM_OPTION));
        command.addAll(List.of("-jar", "quarkus-run.jar"));
        return command;
    }

    /** Waits until readiness answers 200; otherwise ends the process and fails with its output. */
    public PackagedService awaitReady(Duration within) {
        return awaitReadiness(200, within);
    }

    /** Polls readiness until it answers {@code status}; otherwise ends the process and fails with its output. */
    public PackagedService awaitReadiness(int status, Duration within) {
        long end = System.nanoTime() + within.toNanos();
        int last = -1;
        while (System.nanoTime() < end) {
            try {
                last = http().send(HttpRequest.newBuilder(uri("/q/health/ready")).timeout(Duration.ofSeconds(5)).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode();
                if (last == status) {
                    return this;
                }
            } catch (IOException notListening) {
                last = -1;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            if (last == -1 && !process.isAlive()) {
                break;
            }
            sleep(20);
        }
        String exited = process.isAlive() ? "" : " (the process exited with " + process.exitValue() + ")";
        kill();
        throw new AssertionError("readiness answered " + last + ", not " + status + ", within " + within + exited
                + "; its output:\n" + log());
    }

    public Process process() {
        return process;
    }

    @Override
    public ProcessHandle handle() {
        return process.toHandle();
    }

    /** SIGTERM, as Kubernetes stops a pod; returns at once. */
    public void terminate() {
        process.destroy();
    }

    /** Whether the process exits within {@code within}. */
    public boolean exitsWithin(Duration within) {
        try {
            return process.waitFor(within.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Ends the process with SIGKILL: no shutdown hook, nothing released. */
    public void kill() {
        process.destroyForcibly();
        exitsWithin(Duration.ofSeconds(10));
    }

    /** SIGTERM, then SIGKILL if it has not exited within 15 s. */
    @Override
    public void close() {
        process.destroy();
        if (!exitsWithin(Duration.ofSeconds(15))) {
            kill();
        }
    }
}
