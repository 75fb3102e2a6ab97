package org.submission.doi.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UpstreamPaceTest {

    private static final long MAX_SPACING = 2_000;
    private static final long MAX_PAUSE = 3_600_000;

    private final AtomicLong now = new AtomicLong(1_000_000);
    private final UpstreamPace pace = new UpstreamPace(MAX_SPACING, MAX_PAUSE, now::get);

    @ParameterizedTest(name = "{0} per {1}: {2} ms")
    @CsvSource(nullValues = "null", value = {
        "50, 1s, 20", "2, 1s, 500", "3, 1s, 334", "10, 500ms, 50", "100000, 1d, null", "60, 1m, 1000", "5, 2, 400",
        "0, 1s, null", "x, 1s, null", "5, soon, null", "null, 1s, null", "1, 9223372036854775807ms, null",
        "1, 1000000000s, null", "-1, 1s, null", "1, -5s, null", "1, 0s, null", "99999999999, 1s, null", "1, 1h, 3600000"})
    void theAnnouncedLimitAndIntervalBecomeTheSpacingBetweenCallsOrNothing(String limit, String interval, Long spacing) {
        assertThat(UpstreamPace.spacingMillis(limit, interval)).isEqualTo(spacing);
    }

    @ParameterizedTest(name = "Retry-After {0}: {1} s")
    @CsvSource(nullValues = "null", value = {"7, 7", "0, 1", "99999, 3600", "null, 5", "'Wed, 21 Oct 2026 07:28:00 GMT', 5",
        "-3, 1", "99999999999999999999999, 3600", "1e9, 5"})
    void retryAfterIsReadInSecondsWithinBounds(String header, int seconds) {
        assertThat(UpstreamPace.retryAfterSeconds(header, 3600)).isEqualTo(seconds);
    }

    @Test
    void anAnnouncedSpacingWiderThanTheMaximumIsClampedToIt() {
        pace.observe(200, "1", "1h", null);

        assertThat(pace.spacingToPublish()).isEqualTo(MAX_SPACING);
    }

    @Test
    void anUnreadableAnnouncementIsIgnoredCountedAndNeverPublished() {
        pace.observe(200, "1", "9223372036854775807ms", null);

        assertThat(pace.spacingToPublish()).isNull();
        assertThat(pace.ignoredAnnouncements()).isEqualTo(1);
    }

    @Test
    void aLaterAnnouncementReplacesAnEarlierOneInBothDirections() {
        pace.observe(200, "1", "1s", null);
        pace.published(pace.spacingToPublish());
        pace.observe(200, "50", "1s", null);

        assertThat(pace.spacingToPublish()).isEqualTo(20);
    }

    @Test
    void anAnnouncedSpacingIsForgottenAfterItsLife() {
        pace.observe(200, "10", "1s", null);
        now.addAndGet(UpstreamPace.LEARNED_LIFE_MILLIS + 1);

        assertThat(pace.spacingToPublish()).isNull();
    }

    @Test
    void aPauseLongerThanTheMaximumIsClampedAndALaterShorterOneReplacesIt() {
        pace.observe(429, null, null, "99999999");
        assertThat(pace.pausedFor()).isEqualTo(MAX_PAUSE);

        pace.observe(429, null, null, "2");
        assertThat(pace.pausedFor()).isEqualTo(2_000);
        assertThat(pace.takePauseToPublish()).isEqualTo(2_000);
    }

    @Test
    void anUnreadableRetryAfterOnA429StillPausesFiveSeconds() {
        pace.observe(429, null, null, "soon");

        assertThat(pace.pausedFor()).isEqualTo(5_000);
    }
}
