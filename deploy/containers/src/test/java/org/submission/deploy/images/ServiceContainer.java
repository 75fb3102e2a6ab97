package org.submission.deploy.images;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A service's image run as the pod runs it: read-only root filesystem, every capability dropped,
 * no new privileges, the image's own non-root user, only {@code /tmp} writable (the pod's
 * emptyDir), and the memory limit of its Deployment (the JVM sizes its heap from it). Host
 * networking: the service listens on a free loopback port and reaches the test's PostgreSQL and
 * WireMock on loopback.
 */
final class ServiceContainer implements AutoCloseable {

    static final String BACKEND_USER = "container-test";
    static final String BACKEND_PASSWORD = "container-test-secret";
    private static final Duration READY_WITHIN = Duration.ofSeconds(180);
    /**
     * How often a container that exits before it is ready is started again, as the kubelet restarts
     * a pod's (restartPolicy Always): a start can fail on a busy machine (its first database
     * connection past the pool's 2 s wait), which a pod comes back from. A start that always fails
     * still fails the test.
     */
    private static final int RESTARTS = 2;
    /** The lines of a container's output a failure shows from its start (where a failed start says why) and from its end. */
    private static final int LOG_HEAD = 40;
    private static final int LOG_TAIL = 60;

    private final String name;
    private final int port;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private ServiceContainer(String name, int port) {
        this.name = name;
        this.port = port;
    }

    /** Starts the image with the pod's restrictions and these settings; returns once it listens. */
    static ServiceContainer start(ServiceImage image, Map<String, String> env, String... podmanOptions) {
        int port = freePort();
        String name = image.service() + "-" + UUID.randomUUID().toString().substring(0, 8);
        List<String> args = new ArrayList<>(List.of("run", "-d", "--name", name, "--network", "host",
                "--read-only", "--read-only-tmpfs=false", "--tmpfs", "/tmp:rw,mode=1777,size=64m",
                "--cap-drop", "ALL", "--security-opt", "no-new-privileges",
                "--memory", ServiceImageTest.manifestMemoryMib(image.service(), "limits") + "m",
                "-e", "QUARKUS_HTTP_HOST=127.0.0.1", "-e", "QUARKUS_HTTP_PORT=" + port,
                "-e", "SUBMISSION_BACKEND_USER=" + BACKEND_USER, "-e", "SUBMISSION_BACKEND_PASSWORD=" + BACKEND_PASSWORD,
                "-e", "SUBMISSION_DB_POOL_SIZE=4"));
        env.forEach((key, value) -> args.addAll(List.of("-e", key + "=" + value)));
        args.addAll(List.of(podmanOptions));
        args.add(image.name());
        Podman.run(args.toArray(String[]::new));
        return new ServiceContainer(name, port);
    }

    String name() {
        return name;
    }

    URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + port + pathAndQuery);
    }

    /**
     * Waits for 200 on /q/health/ready, starting the container again up to {@link #RESTARTS} times
     * when it exits first; fails with the container's log when it stops once more or times out.
     */
    HttpResponse<String> awaitReady() throws InterruptedException {
        long deadline = System.nanoTime() + READY_WITHIN.toNanos();
        int restarts = 0;
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> ready = http.send(HttpRequest.newBuilder(uri("/q/health/ready"))
                        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
                if (ready.statusCode() == 200) {
                    return ready;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            if (!"running".equals(Podman.run("inspect", "--format", "{{.State.Status}}", name))) {
                String exit = Podman.run("inspect", "--format", "{{.State.ExitCode}}", name);
                if (restarts == RESTARTS) {
                    throw new AssertionError(name + " stopped before it was ready (exit code " + exit + "), after "
                            + restarts + " restarts; its log:\n" + log());
                }
                restarts++;
                System.out.println(name + " stopped before it was ready (exit code " + exit + "); started again, as a pod would be."
                        + " Its log:\n" + log());
                Podman.run("start", name);
            }
            Thread.sleep(250);
        }
        throw new AssertionError(name + " not ready within " + READY_WITHIN.toSeconds() + " s; its log:\n" + log());
    }

    /** A file of the service's process (the container's PID 1: the entry point execs java), read inside. */
    String processFile(String file) {
        return Podman.run("exec", name, "cat", "/proc/1/" + file);
    }

    /** The JVM's resident memory in MiB. */
    long rssMib() {
        return processFile("status").lines().filter(l -> l.startsWith("VmRSS:"))
                .mapToLong(l -> Long.parseLong(l.replaceAll("\\D", "")) / 1024).findFirst().orElseThrow();
    }

    /** The container's output, its middle left out when it is long. */
    String log() {
        Podman.Result logs = Podman.attempt("logs", name);
        List<String> lines = (logs.out() + logs.err()).lines().toList();
        if (lines.size() <= LOG_HEAD + LOG_TAIL) {
            return String.join("\n", lines);
        }
        return String.join("\n", lines.subList(0, LOG_HEAD)) + "\n[" + (lines.size() - LOG_HEAD - LOG_TAIL) + " lines left out]\n"
                + String.join("\n", lines.subList(lines.size() - LOG_TAIL, lines.size()));
    }

    @Override
    public void close() {
        Podman.attempt("rm", "-f", "-t", "2", name);
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port", e);
        }
    }
}
