package org.submission.schema.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.helpers.test.UniAssertSubscriber;
import io.smallrye.mutiny.subscription.Cancellable;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.submission.platform.error.ApiException;

/**
 * The workers with one thread and a queue of one: how callers share them, and what the places
 * become when work fails or is abandoned.
 */
class ValidationWorkersTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final ValidationWorkers workers = new ValidationWorkers(1, 1, registry);
    private final CountDownLatch release = new CountDownLatch(1);
    /** Counted down when a blocking work has started on its thread. */
    private final CountDownLatch started = new CountDownLatch(1);

    @AfterEach
    void stop() {
        release.countDown();
        workers.stop();
    }

    private String blocking() {
        started.countDown();
        try {
            release.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "done";
    }

    /**
     * Every place is free again: with one thread, a new caller's validation runs (one place still
     * held would keep it waiting for good).
     */
    private void assertPlacesFree() {
        workers.run("newcomer", () -> "validated").subscribe().withSubscriber(UniAssertSubscriber.create())
                .awaitItem(Duration.ofSeconds(5)).assertItem("validated");
    }

    @Test
    void aCallerAloneWaitsForTheThreadInsteadOfBeingRefused() throws InterruptedException {
        workers.run("a", this::blocking).subscribe().with(item -> { });
        assertThat(started.await(10, TimeUnit.SECONDS)).as("the first started").isTrue();
        UniAssertSubscriber<String> second = workers.run("a", () -> "second").subscribe().withSubscriber(UniAssertSubscriber.create());
        second.assertNotTerminated();
        release.countDown();

        second.awaitItem(Duration.ofSeconds(5)).assertItem("second");
    }

    @Test
    void aCallerPastTheThreadsAndTheQueueGets429WithRetryAfterAndIsCounted() {
        workers.run("a", this::blocking).subscribe().with(item -> { });
        workers.run("a", () -> "waits").subscribe().with(item -> { });

        assertThatThrownBy(() -> workers.run("a", () -> "third").await().atMost(Duration.ofSeconds(5)))
                .isInstanceOfSatisfying(ApiException.class, refused -> {
                    assertThat(refused.status()).isEqualTo(429);
                    assertThat(refused.headers()).containsEntry("Retry-After", "2");
                });
        assertThat(registry.get(ValidationWorkers.REFUSALS).tag("share", "validation").counter().count()).isEqualTo(1);
    }

    @Test
    void anotherCallerTakesTheFloodersPlaceInTheQueueAndIsServedNext() {
        workers.run("a", this::blocking).subscribe().with(item -> { });
        UniAssertSubscriber<String> pushedOut = workers.run("a", () -> "waits").subscribe().withSubscriber(UniAssertSubscriber.create());
        UniAssertSubscriber<String> other = workers.run("b", () -> "validated").subscribe().withSubscriber(UniAssertSubscriber.create());
        pushedOut.assertFailedWith(ApiException.class);
        assertThat(((ApiException) pushedOut.getFailure()).status()).isEqualTo(429);
        release.countDown();

        other.awaitItem(Duration.ofSeconds(5)).assertItem("validated");
    }

    @Test
    void aFailingValidationReleasesItsPlace() {
        Uni<String> failing = workers.run("a", () -> {
            throw new IllegalStateException("broken blob");
        });

        assertThatThrownBy(() -> failing.await().atMost(Duration.ofSeconds(5))).hasMessageContaining("broken blob");
        assertPlacesFree();
    }

    @Test
    void anAbandonedValidationKeepsItsPlaceUntilItsWorkEnds() throws InterruptedException {
        Cancellable request = workers.run("a", this::blocking).subscribe().with(item -> { });
        assertThat(started.await(10, TimeUnit.SECONDS)).as("the work started").isTrue();
        request.cancel();
        UniAssertSubscriber<String> waiting = workers.run("b", () -> "waited").subscribe().withSubscriber(UniAssertSubscriber.create());
        // the abandoned work's place and the one waiting fill the thread and the queue: a third caller finds no place
        workers.run("c", () -> "never").subscribe().withSubscriber(UniAssertSubscriber.create())
                .assertFailedWith(ApiException.class);

        release.countDown();
        waiting.awaitItem(Duration.ofSeconds(5)).assertItem("waited");
        assertPlacesFree();
    }

    @Test
    void anAbandonedValidationThatHasNotStartedIsSkippedAndReleased() {
        workers.run("a", this::blocking).subscribe().with(item -> { });
        AtomicBoolean ran = new AtomicBoolean();
        Cancellable waiting = workers.run("b", () -> ran.getAndSet(true)).subscribe().with(item -> { });
        waiting.cancel();
        release.countDown();

        assertPlacesFree();
        assertThat(ran).isFalse();
    }
}
