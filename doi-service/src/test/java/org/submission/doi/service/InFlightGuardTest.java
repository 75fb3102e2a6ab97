package org.submission.doi.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.helpers.test.UniAssertSubscriber;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.submission.doi.model.Doi;
import org.submission.shared.error.ApiException;

class InFlightGuardTest {

    private final InFlightGuard guard = new InFlightGuard();
    private final Doi doi = Doi.parse("10.1000/ABC").orElseThrow();
    private final Doi sameDoiOtherCase = Doi.parse("https://doi.org/10.1000/abc").orElseThrow();

    @Test
    void aSecondCallForTheSameDoiFailsAtOnceWith429WithoutRunningItsWork() {
        UniAssertSubscriber<Object> first = guard.exclusive(doi, () -> Uni.createFrom().nothing())
                .subscribe().withSubscriber(UniAssertSubscriber.create());
        AtomicInteger started = new AtomicInteger();

        UniAssertSubscriber<Object> second = guard.exclusive(sameDoiOtherCase, () -> {
            started.incrementAndGet();
            return Uni.createFrom().item("x");
        }).subscribe().withSubscriber(UniAssertSubscriber.create());

        ApiException failure = (ApiException) second.assertFailedWith(ApiException.class).getFailure();
        assertThat(failure.status()).isEqualTo(429);
        assertThat(failure.headers()).containsEntry("Retry-After", "1");
        assertThat(failure.getMessage()).isEqualTo("There is already an active request for 10.1000/abc; try again later.");
        assertThat(started).hasValue(0);
        first.cancel();
    }

    @Test
    void theMarkIsReleasedOnSuccess() {
        guard.exclusive(doi, () -> Uni.createFrom().item("done")).await().indefinitely();
        assertThat(guard.busy(doi.key())).isFalse();
    }

    @Test
    void theMarkIsReleasedOnFailure() {
        guard.exclusive(doi, () -> Uni.createFrom().failure(new IllegalStateException("upstream")))
                .subscribe().withSubscriber(UniAssertSubscriber.create()).assertFailedWith(IllegalStateException.class);
        assertThat(guard.busy(doi.key())).isFalse();
    }

    @Test
    void theMarkIsReleasedWhenTheWorkThrowsBeforeReturningAUni() {
        guard.exclusive(doi, () -> {
            throw new IllegalStateException("bug");
        }).subscribe().withSubscriber(UniAssertSubscriber.create()).assertFailedWith(IllegalStateException.class);
        assertThat(guard.busy(doi.key())).isFalse();
    }

    @Test
    void theMarkIsReleasedWhenTheClientGoesAway() {
        UniAssertSubscriber<Object> running = guard.exclusive(doi, () -> Uni.createFrom().nothing())
                .subscribe().withSubscriber(UniAssertSubscriber.create());
        assertThat(guard.busy(doi.key())).isTrue();

        running.cancel();

        assertThat(guard.busy(doi.key())).isFalse();
    }

    @Test
    void aRejectedCallDoesNotReleaseTheRunningOnesMark() {
        UniAssertSubscriber<Object> first = guard.exclusive(doi, () -> Uni.createFrom().nothing())
                .subscribe().withSubscriber(UniAssertSubscriber.create());
        guard.exclusive(doi, () -> Uni.createFrom().item("x")).subscribe().withSubscriber(UniAssertSubscriber.create());

        assertThat(guard.busy(doi.key())).isTrue();
        first.cancel();
    }
}
