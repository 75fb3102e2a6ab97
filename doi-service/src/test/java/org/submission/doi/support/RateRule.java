package org.submission.doi.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import java.time.Duration;
import java.util.List;

/**
 * An upstream's rate as it announces it: never more than {@code limit} calls within any window of
 * {@code interval}, whoever makes them. Calls are counted as the stub received them (every
 * attempt, retries included).
 */
public final class RateRule {

    private RateRule() {
    }

    /** When the stub received each call, in milliseconds, in order. */
    public static List<Long> received(WireMockServer stub) {
        return stub.getAllServeEvents().stream().map(event -> event.getRequest().getLoggedDate().getTime()).sorted().toList();
    }

    /** Any {@code limit + 1} calls in a row span at least the interval. */
    public static void assertNeverMoreThan(List<Long> received, int limit, Duration interval) {
        for (int i = 0; i + limit < received.size(); i++) {
            assertThat(received.get(i + limit) - received.get(i))
                    .as("%d calls within %d ms, from call %d of %s", limit + 1, interval.toMillis(), i, received)
                    .isGreaterThanOrEqualTo(interval.toMillis());
        }
    }
}
