package org.submission.doi.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.submission.doi.metrics.DoiMetrics;

class CallerShareTest {

    private final CallerShare shares = new CallerShare(2, new DoiMetrics(new SimpleMeterRegistry()));

    @Test
    void aCallerPastItsShareGets429WithRetryAfter() {
        shares.take("flood");
        shares.take("flood");

        assertThat(shares.take("flood")).satisfies(refusal -> {
            assertThat(refusal.status()).isEqualTo(429);
            assertThat(refusal.headers()).containsEntry("Retry-After", "1");
        });
    }

    @Test
    void anotherCallerKeepsItsShareWhileOneHoldsAllOfIts() {
        shares.take("flood");
        shares.take("flood");

        assertThat(shares.take("victim")).isNull();
    }

    @Test
    void aShareGivenBackCanBeTakenAgain() {
        shares.take("flood");
        shares.take("flood");
        shares.giveBack("flood");

        assertThat(shares.take("flood")).isNull();
    }
}
