package org.submission.doi.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UpstreamPaceTest {

    @ParameterizedTest(name = "{0} per {1}: {2} ms")
    @CsvSource(nullValues = "null", value = {
        "50, 1s, 20", "2, 1s, 500", "3, 1s, 334", "10, 500ms, 50", "100000, 1d, null", "60, 1m, 1000", "5, 2, 400",
        "0, 1s, null", "x, 1s, null", "5, soon, null", "null, 1s, null"})
    void theAnnouncedLimitAndIntervalBecomeTheSpacingBetweenCalls(String limit, String interval, Long spacing) {
        assertThat(UpstreamPace.spacingMillis(limit, interval)).isEqualTo(spacing);
    }

    @ParameterizedTest(name = "Retry-After {0}: {1} s")
    @CsvSource(nullValues = "null", value = {"7, 7", "0, 1", "99999, 3600", "null, 5", "'Wed, 21 Oct 2026 07:28:00 GMT', 5"})
    void retryAfterIsReadInSecondsWithinBounds(String header, int seconds) {
        assertThat(UpstreamPace.retryAfterSeconds(header)).isEqualTo(seconds);
    }
}
