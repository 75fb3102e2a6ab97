package org.submission.platform.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class AuthThrottleTest {

    record Limits(int failures, Duration window, Duration delay, Duration maxDelay, int maxAddresses)
            implements AuthThrottleSettings {
    }

    private static final Limits DEFAULTS = new Limits(5, Duration.ofMinutes(1), Duration.ofSeconds(10),
            Duration.ofMinutes(15), 10_000);
    private static final String GUESSER = "203.0.113.9";

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final AuthThrottle throttle = new AuthThrottle(DEFAULTS, now::get);

    private void fail(String address, int times) {
        for (int i = 0; i < times; i++) {
            throttle.failed(address);
        }
    }

    private void pass(Duration duration) {
        now.addAndGet(duration.toNanos());
    }

    @Test
    void failuresBelowTheThresholdLeaveTheCredentialsLookedAt() {
        fail(GUESSER, 4);
        assertThat(throttle.refusal(GUESSER)).isZero();
    }

    @Test
    void theFailureThatReachesTheThresholdStartsThePenalty() {
        fail(GUESSER, 5);
        assertThat(throttle.refusal(GUESSER)).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void thePenaltyEnds() {
        fail(GUESSER, 5);
        pass(Duration.ofSeconds(10));
        assertThat(throttle.refusal(GUESSER)).isZero();
    }

    @Test
    void eachFurtherPenaltyDoublesUpToTheLongest() {
        StringBuilder penalties = new StringBuilder();
        for (int i = 0; i < 9; i++) {
            fail(GUESSER, 5);
            Duration penalty = throttle.refusal(GUESSER);
            penalties.append(penalty.toSeconds()).append(' ');
            pass(penalty);
        }
        assertThat(penalties.toString().trim()).isEqualTo("10 20 40 80 160 320 640 900 900");
    }

    @Test
    void failuresFurtherApartThanTheWindowDoNotAddUp() {
        fail(GUESSER, 4);
        pass(Duration.ofMinutes(1));
        fail(GUESSER, 4);
        assertThat(throttle.refusal(GUESSER)).isZero();
    }

    @Test
    void anotherAddressIsNotHeldUp() {
        fail(GUESSER, 5);
        assertThat(throttle.refusal("203.0.113.10")).isZero();
    }

    @Test
    void anOffenderIsForgottenTheLongestDelayAfterItsWindowCloses() {
        fail(GUESSER, 5);
        pass(Duration.ofMinutes(1).plus(Duration.ofMinutes(15)));
        fail(GUESSER, 5);
        assertThat(throttle.refusal(GUESSER)).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void aSprayOfAddressesIsHeldInABoundedTable() {
        AuthThrottle small = new AuthThrottle(new Limits(5, Duration.ofMinutes(1), Duration.ofSeconds(10),
                Duration.ofMinutes(15), 100), now::get);
        List<String> sprayed = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            String address = "10.0." + (i / 256) + "." + (i % 256);
            for (int failure = 0; failure < 5; failure++) {
                small.failed(address);
            }
            sprayed.add(address);
        }
        // each was penalised and no time has passed: the addresses still refused are those the table holds
        assertThat(sprayed.stream().filter(address -> !small.refusal(address).isZero()).count()).isLessThanOrEqualTo(100);
    }

    @Test
    void aFailureIsReportedAtMostOnceAMinutePerAddressWithTheCountSinceTheLastReport() {
        assertThat(throttle.failed(GUESSER).reportDue()).isTrue();
        fail(GUESSER, 6);
        pass(Duration.ofSeconds(59));
        assertThat(throttle.failed(GUESSER).reportDue()).isFalse();
        pass(Duration.ofSeconds(1));
        AuthThrottle.Failure report = throttle.failed(GUESSER);
        assertThat(report.reportDue()).isTrue();
        assertThat(report.unreported()).isEqualTo(8);
    }

    /** A figure for the README: guesses a guesser gets who retries the moment Retry-After allows. */
    @Test
    void aGuesserRetryingAsSoonAsAllowedGetsFiftyGuessesInTheFirstHour() {
        long start = now.get();
        int firstHour = 0;
        int day = 0;
        while (now.get() - start < Duration.ofDays(1).toNanos()) {
            Duration refusal = throttle.refusal(GUESSER);
            if (refusal.isZero()) {
                throttle.failed(GUESSER);
                day++;
                firstHour += now.get() - start < Duration.ofHours(1).toNanos() ? 1 : 0;
                pass(Duration.ofMillis(1));
            } else {
                pass(refusal);
            }
        }
        System.out.printf("AuthThrottle, default settings, a guesser retrying at Retry-After: %d guesses in the "
                + "first hour, %d in the first day (%.4f/s)%n", firstHour, day, day / 86_400.0);
        assertThat(firstHour).isEqualTo(50);
    }
}
