package org.submission.deploy.images;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;

/**
 * Waits for 200 on the service's {@code /q/health/ready} (its readiness probe), and starts the
 * container again when its process ends first, as the kubelet restarts a pod's (restartPolicy
 * Always): a start can fail on a busy machine (its first database connection past the pool's 2 s
 * wait), which a pod comes back from. A start that fails {@link #RESTARTS} times more, or is not
 * ready in time, fails with the head and tail of the container's log.
 */
final class ReadyOrRestarted extends AbstractWaitStrategy {

    private static final int RESTARTS = 2;

    private final ServiceContainer container;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private volatile String firstAnswer;

    ReadyOrRestarted(ServiceContainer container) {
        this.container = container;
        withStartupTimeout(Duration.ofSeconds(180));
    }

    String firstAnswer() {
        return firstAnswer;
    }

    @Override
    protected void waitUntilReady() {
        long deadline = System.nanoTime() + startupTimeout.toNanos();
        int restarts = 0;
        try {
            while (System.nanoTime() < deadline) {
                if (ready()) {
                    return;
                }
                if (!container.isRunning()) {
                    Long exit = container.getCurrentContainerInfo().getState().getExitCodeLong();
                    String stopped = container.getContainerName() + " stopped before it was ready (exit code " + exit + ")";
                    if (restarts == RESTARTS) {
                        throw new AssertionError(stopped + ", after " + restarts + " restarts; its log:\n" + container.log());
                    }
                    restarts++;
                    System.out.println(stopped + "; started again, as a pod would be. Its log:\n" + container.log());
                    container.getDockerClient().startContainerCmd(container.getContainerId()).exec();
                }
                Thread.sleep(250);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for " + container.getContainerName(), e);
        }
        throw new AssertionError(container.getContainerName() + " not ready within " + startupTimeout.toSeconds()
                + " s; its log:\n" + container.log());
    }

    private boolean ready() throws InterruptedException {
        try {
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(container.uri("/q/health/ready"))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() == 200) {
                firstAnswer = answer.body();
                return true;
            }
        } catch (IOException notYet) {
            // not listening yet
        }
        return false;
    }
}
