package org.submission.deploy.launcher;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.submission.deploy.testing.Project;

/**
 * The local stack of {@code ./run.sh --offline --replicas N}, started in the test's JVM: N
 * replicas of each real service (their packaged quarkus-app) on one embedded PostgreSQL, behind
 * the gateway, DOI lookups answered by the offline WireMock stub. For tests of what holds across
 * replicas: {@code try (ReplicatedStack stack = ReplicatedStack.start(2)) { stack.gateway() ... }}.
 */
public final class ReplicatedStack implements AutoCloseable {

    private final LocalStack stack;

    private ReplicatedStack(LocalStack stack) {
        this.stack = stack;
    }

    public static ReplicatedStack start(int replicas) throws Exception {
        int port = PortBlocks.free(1 + 3 * replicas);
        // in the module's target/, where a failed run's service logs stay for reading and `clean` removes them
        Path target = Files.createDirectories(Project.ROOT.resolve("deploy/launcher/target"));
        Path logs = Files.createTempDirectory(target, "replicas-logs");
        LaunchOptions options = LaunchOptions.parse(List.of("--offline", "--replicas", Integer.toString(replicas),
                "--port", Integer.toString(port), "--timeout", "300", "--root", Project.ROOT.toString(),
                "--logs", logs.toString()), Project.ROOT);
        LocalStack stack = new LocalStack(options, Map.of());
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        try {
            stack.start(new PrintStream(output, true, StandardCharsets.UTF_8));
        } catch (LaunchException e) {
            throw new IllegalStateException(e.getMessage() + "\n" + output.toString(StandardCharsets.UTF_8), e);
        }
        return new ReplicatedStack(stack);
    }

    /** The gateway's base URL, e.g. {@code http://127.0.0.1:PORT}. */
    public String gateway() {
        return stack.baseUri().toString();
    }

    /** The replicas of one service, in the order of their ports. */
    public List<ServiceProcess> replicas(String service) {
        return stack.services().stream().filter(s -> s.spec().name().equals(service)).toList();
    }

    /** The stand-in for the DOI service's upstreams, which the stack starts offline. */
    OfflineStub offlineStub() {
        return stack.offlineStub().orElseThrow();
    }

    /** Restarts the replicas of {@code service} one at a time, as a rolling update does (LocalStack#roll). */
    public void roll(String service) throws Exception {
        stack.roll(service, Duration.ofSeconds(30));
    }

    public String backendUser() {
        return stack.backendUser();
    }

    public String backendPassword() {
        return stack.demoPassword().orElseThrow();
    }

    @Override
    public void close() {
        stack.close();
    }
}
