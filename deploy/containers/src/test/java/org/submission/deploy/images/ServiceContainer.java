package org.submission.deploy.images;

import com.github.dockerjava.api.model.Capability;
import com.github.dockerjava.api.model.HealthCheck;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * A service's image run through Testcontainers, as the pod runs it: read-only root filesystem,
 * every capability dropped, no new privileges, the image's own non-root user, only {@code /tmp}
 * writable (the pod's emptyDir), and the memory limit of its Deployment (the JVM sizes its heap
 * from it); started once {@code /q/health/ready} answers 200, and started again when its process
 * ends first ({@link ReadyOrRestarted}). Host networking: the service listens on a free loopback
 * port and reaches the test's PostgreSQL and WireMock on loopback, where they listen.
 */
final class ServiceContainer extends GenericContainer<ServiceContainer> {

    static final String BACKEND_USER = "container-test";
    static final String BACKEND_PASSWORD = "container-test-secret";
    /** The lines of a container's output a failure shows from its start (where a failed start says why) and from its end. */
    private static final int LOG_HEAD = 40;
    private static final int LOG_TAIL = 60;

    private final int port;
    private final ReadyOrRestarted ready;

    private ServiceContainer(ServiceImage image, Map<String, String> env, int port) {
        super(DockerImageName.parse(image.name()));
        this.port = port;
        this.ready = new ReadyOrRestarted(this);
        long memory = ServiceImageTest.manifestMemoryMib(image.service(), "limits") * 1024 * 1024;
        String name = image.service() + "-" + UUID.randomUUID().toString().substring(0, 8);
        // podman gives a read-only root writable tmpfs at /run and /var/tmp too (its --read-only-tmpfs,
        // which the Docker API cannot turn off): read-only ones there leave /tmp the one writable folder
        withNetworkMode("host").withTmpFs(Map.of("/tmp", "rw,mode=1777,size=64m", "/run", "ro", "/var/tmp", "ro")).withEnv(env)
                .withEnv(Map.of("QUARKUS_HTTP_HOST", "127.0.0.1", "QUARKUS_HTTP_PORT", String.valueOf(port),
                        "SUBMISSION_BACKEND_USER", BACKEND_USER, "SUBMISSION_BACKEND_PASSWORD", BACKEND_PASSWORD,
                        "SUBMISSION_DB_POOL_SIZE", "4"))
                .withCreateContainerCmdModifier(create -> create.withName(name).getHostConfig().withReadonlyRootfs(true)
                        .withCapDrop(Capability.ALL).withSecurityOpts(List.of("no-new-privileges")).withMemory(memory))
                .waitingFor(ready);
    }

    /** Starts the image with the pod's restrictions and these settings; returns once it is ready. */
    static ServiceContainer start(ServiceImage image, Map<String, String> env) {
        ServiceImage.engine();
        ServiceContainer container = new ServiceContainer(image, env, freePort());
        try {
            container.start();
            return container;
        } catch (RuntimeException | Error e) {
            container.stop();
            throw e;
        }
    }

    URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + port + pathAndQuery);
    }

    /** The body of the first 200 on /q/health/ready. */
    String firstReadyAnswer() {
        return ready.firstAnswer();
    }

    /** A command run inside the container, as the service's user. */
    ExecResult exec(String... command) {
        try {
            return execInContainer(command);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A file of the service's process (the container's PID 1: the entry point execs java), read inside. */
    String processFile(String file) {
        ExecResult read = exec("cat", "/proc/1/" + file);
        if (read.getExitCode() != 0) {
            throw new IllegalStateException("cat /proc/1/" + file + " in " + getContainerName() + ": " + read.getStderr());
        }
        return read.getStdout();
    }

    /** The JVM's resident memory in MiB. */
    long rssMib() {
        return processFile("status").lines().filter(l -> l.startsWith("VmRSS:"))
                .mapToLong(l -> Long.parseLong(l.replaceAll("\\D", "")) / 1024).findFirst().orElseThrow();
    }

    /**
     * Runs the HEALTHCHECK the container has from its image (an OCI-format build would have dropped
     * it), inside it, as the engine's check does.
     */
    ExecResult runHealthcheck() {
        HealthCheck check = getContainerInfo().getConfig().getHealthcheck();
        List<String> test = check == null ? List.of() : check.getTest();
        if (test.isEmpty() || !test.get(0).startsWith("CMD")) {
            throw new AssertionError(getContainerName() + " has no HEALTHCHECK command: " + test);
        }
        List<String> command = new ArrayList<>(test.get(0).equals("CMD-SHELL") ? List.of("/bin/sh", "-c") : List.of());
        command.addAll(test.subList(1, test.size()));
        return exec(command.toArray(String[]::new));
    }

    /**
     * Stops the container as the kubelet stops a pod's (SIGTERM, SIGKILL after the grace period);
     * returns the exit code of its process.
     */
    long terminate(int graceSeconds) {
        getDockerClient().stopContainerCmd(getContainerId()).withTimeout(graceSeconds).exec();
        return getDockerClient().inspectContainerCmd(getContainerId()).exec().getState().getExitCodeLong();
    }

    /** The container's output, its middle left out when it is long. */
    String log() {
        List<String> lines = getLogs().lines().toList();
        if (lines.size() <= LOG_HEAD + LOG_TAIL) {
            return String.join("\n", lines);
        }
        return String.join("\n", lines.subList(0, LOG_HEAD)) + "\n[" + (lines.size() - LOG_HEAD - LOG_TAIL) + " lines left out]\n"
                + String.join("\n", lines.subList(lines.size() - LOG_TAIL, lines.size()));
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port", e);
        }
    }
}
