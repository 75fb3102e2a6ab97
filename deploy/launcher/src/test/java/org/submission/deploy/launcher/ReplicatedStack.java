package org.submission.deploy.launcher;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.submission.deploy.gateway.Gateway;
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

    /** Answers registered on the stand-in for the DOI service's upstreams, which the stack starts offline. */
    OfflineStubAnswers offlineStub() {
        return new OfflineStubAnswers(stack.offlineStub().orElseThrow());
    }

    /**
     * Restarts each replica of {@code service} in turn, as a Deployment's rolling update does with
     * one pod at a time: SIGTERM, its grace period, a new process on the same port, and the next
     * replica only once the new one is ready and the gateway has had a readiness check to take it
     * back. Under the stack's lock, so that a close meanwhile stops the new processes.
     */
    public void roll(String service) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        synchronized (stack) {
            List<ServiceProcess> services = stack.services();
            for (int i = 0; i < services.size(); i++) {
                ServiceProcess old = services.get(i);
                if (!old.spec().name().equals(service)) {
                    continue;
                }
                old.requestStop();
                old.awaitStop(Duration.ofSeconds(30));
                ServiceProcess rolled = stack.startReplica(old.spec(), stack.options().logDir()
                        .resolve(old.spec().id() + "-rolled-" + System.currentTimeMillis() + ".log"));
                services.set(i, rolled);
                rolled.awaitReady(http, Instant.now().plus(stack.options().readyTimeout()));
                Thread.sleep(Gateway.READINESS_PERIOD.multipliedBy(2).toMillis());
            }
        }
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
