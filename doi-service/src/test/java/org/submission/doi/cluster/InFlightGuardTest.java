package org.submission.doi.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.helpers.test.UniAssertSubscriber;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.submission.doi.config.DoiSettings.SameDoi;
import org.submission.doi.model.Doi;
import org.submission.platform.error.ApiException;

class InFlightGuardTest {

    private final InFlightGuard rejecting = new InFlightGuard(SameDoi.REJECT);
    private final InFlightGuard sharing = new InFlightGuard(SameDoi.SHARE);
    private final Doi doi = Doi.parse("10.1000/ABC").orElseThrow();
    private final Doi sameDoiOtherCase = Doi.parse("https://doi.org/10.1000/abc").orElseThrow();
    /** The running work's outcome, completed by the test. */
    private final CompletableFuture<String> upstream = new CompletableFuture<>();
    private final AtomicBoolean workCancelled = new AtomicBoolean();

    private Uni<String> slowWork() {
        return Uni.createFrom().completionStage(upstream).onCancellation().invoke(() -> workCancelled.set(true));
    }

    private static UniAssertSubscriber<String> start(Uni<String> call) {
        return call.subscribe().withSubscriber(UniAssertSubscriber.create());
    }

    @Test
    void aSecondCallForTheSameDoiFailsAtOnceWith429WithoutRunningItsWork() {
        start(rejecting.run(doi, wanted -> slowWork()));
        AtomicInteger started = new AtomicInteger();

        UniAssertSubscriber<String> second = start(rejecting.run(sameDoiOtherCase, wanted -> {
            started.incrementAndGet();
            return Uni.createFrom().item("x");
        }));

        ApiException failure = (ApiException) second.assertFailedWith(ApiException.class).getFailure();
        assertThat(failure.status()).isEqualTo(429);
        assertThat(failure.headers()).containsEntry("Retry-After", "1");
        assertThat(failure.getMessage()).isEqualTo("There is already an active request for 10.1000/abc; try again later.");
        assertThat(started).hasValue(0);
    }

    @Test
    void theMarkIsReleasedOnSuccess() {
        rejecting.run(doi, wanted -> Uni.createFrom().item("done")).await().indefinitely();
        assertThat(rejecting.busy(doi.key())).isFalse();
    }

    @Test
    void theMarkIsReleasedOnFailure() {
        start(rejecting.run(doi, wanted -> Uni.createFrom().failure(new IllegalStateException("upstream"))))
                .assertFailedWith(IllegalStateException.class);
        assertThat(rejecting.busy(doi.key())).isFalse();
    }

    @Test
    void theMarkIsReleasedWhenTheWorkThrowsBeforeReturningAUni() {
        start(rejecting.run(doi, wanted -> {
            throw new IllegalStateException("bug");
        })).assertFailedWith(IllegalStateException.class);
        assertThat(rejecting.busy(doi.key())).isFalse();
    }

    @Test
    void theMarkIsReleasedBeforeTheCallerSeesTheOutcome() {
        UniAssertSubscriber<String> caller = start(rejecting.run(doi, wanted -> slowWork())
                .invoke(() -> assertThat(rejecting.busy(doi.key())).isFalse()));

        upstream.complete("answer");

        caller.assertItem("answer");
    }

    @Test
    void theWorkRunsOnAndKeepsTheMarkWhenItsCallerGoesAway() {
        start(rejecting.run(doi, wanted -> slowWork())).cancel();

        assertThat(rejecting.busy(doi.key())).isTrue();
        assertThat(workCancelled).isFalse();
        upstream.complete("answer");
        assertThat(rejecting.busy(doi.key())).isFalse();
    }

    @Test
    void aRejectedCallDoesNotReleaseTheRunningOnesMark() {
        start(rejecting.run(doi, wanted -> slowWork()));
        start(rejecting.run(doi, wanted -> Uni.createFrom().item("x")));

        assertThat(rejecting.busy(doi.key())).isTrue();
    }

    @Test
    void aSharingCallGetsTheAnswerOfTheWorkInFlightWithoutRunningItsOwn() {
        UniAssertSubscriber<String> first = start(sharing.run(doi, wanted -> slowWork()));
        AtomicInteger started = new AtomicInteger();
        UniAssertSubscriber<String> second = start(sharing.run(sameDoiOtherCase, wanted -> {
            started.incrementAndGet();
            return Uni.createFrom().item("other");
        }));

        upstream.complete("answer");

        first.assertItem("answer");
        second.assertItem("answer");
        assertThat(started).hasValue(0);
    }

    @Test
    void aSharingCallGetsTheFailureOfTheWorkInFlight() {
        UniAssertSubscriber<String> first = start(sharing.run(doi, wanted -> slowWork()));
        UniAssertSubscriber<String> second = start(sharing.run(doi, wanted -> Uni.createFrom().item("other")));
        ApiException notFound = ApiException.notFound("not there");

        upstream.completeExceptionally(notFound);

        assertThat(first.assertFailedWith(ApiException.class).getFailure()).isSameAs(notFound);
        assertThat(second.assertFailedWith(ApiException.class).getFailure()).isSameAs(notFound);
    }

    @Test
    void aSharingCallerThatLeavesLeavesTheWorkToTheOthers() {
        UniAssertSubscriber<String> leaving = start(sharing.run(doi, wanted -> slowWork()));
        UniAssertSubscriber<String> staying = start(sharing.run(doi, wanted -> Uni.createFrom().item("other")));

        leaving.cancel();
        upstream.complete("answer");

        staying.assertItem("answer");
        assertThat(workCancelled).isFalse();
    }

    @Test
    void theWorkIsToldWhenEveryWaitingClientHasLeft() {
        AtomicReference<BooleanSupplier> told = new AtomicReference<>();
        UniAssertSubscriber<String> first = start(sharing.run(doi, wanted -> {
            told.set(wanted);
            return slowWork();
        }));
        UniAssertSubscriber<String> second = start(sharing.run(doi, wanted -> slowWork()));

        first.cancel();
        assertThat(told.get().getAsBoolean()).isTrue();
        second.cancel();
        assertThat(told.get().getAsBoolean()).isFalse();
    }

    @Test
    void workThatAsksAtOnceWhetherItIsWantedIsWantedByTheClientThatStartedIt() {
        UniAssertSubscriber<String> first = start(sharing.run(doi,
                wanted -> Uni.createFrom().item(wanted.getAsBoolean() ? "wanted" : "abandoned")));

        first.assertItem("wanted");
    }

    @Test
    void aClientThatJoinsWorkAsItEndsAbandonedGetsWorkOfItsOwn() {
        UniAssertSubscriber<String> leaving = start(sharing.run(doi, wanted -> slowWork()));
        leaving.cancel();
        UniAssertSubscriber<String> joining = start(sharing.run(doi, wanted -> Uni.createFrom().item("its own")));

        upstream.completeExceptionally(InFlightGuard.abandoned());

        joining.assertItem("its own");
    }
}
