package org.submission.platform.error;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LogThrottleTest {

    private final AtomicLong now = new AtomicLong(Duration.ofSeconds(59).toNanos());
    private final LogThrottle throttle = new LogThrottle(Duration.ofMinutes(1), 2, now::get);
    private final List<Integer> toldLeftOut = new ArrayList<>();

    private boolean line() {
        return throttle.allowed(toldLeftOut::add);
    }

    @Test
    void linesPastTheLimitOfAnIntervalAreLeftOutAndCountedToTheNextIntervalsFirstLine() {
        assertThat(List.of(line(), line(), line(), line())).containsExactly(true, true, false, false);
        now.addAndGet(Duration.ofMinutes(1).toNanos());

        assertThat(line()).isTrue();
        assertThat(toldLeftOut).containsExactly(2);
    }

    @Test
    void anIntervalOpensWithItsFirstLineWhateverTheClockReads() {
        line();
        line();
        now.addAndGet(Duration.ofSeconds(59).toNanos());

        assertThat(line()).as("59 s after the first line, past a minute of the clock").isFalse();
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        assertThat(line()).isTrue();
    }
}
