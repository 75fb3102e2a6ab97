package org.submission.platform.error;

import java.time.Duration;
import java.util.function.IntConsumer;

/**
 * At most {@code lines} log lines in each {@code interval}, whatever the rate of what they report,
 * so that a flood of failures cannot flood the log; the first line allowed in an interval is told
 * how many the interval before left out.
 */
public final class LogThrottle {

    private final long intervalNanos;
    private final int lines;
    private long interval = Long.MIN_VALUE;
    private int written;
    private int leftOut;

    public LogThrottle(Duration interval, int lines) {
        this.intervalNanos = interval.toNanos();
        this.lines = lines;
    }

    /** Whether a line may be written now; {@code leftOutBefore} first hears of the lines the previous interval left out, if any. */
    public boolean allowed(IntConsumer leftOutBefore) {
        int before;
        synchronized (this) {
            long now = System.nanoTime() / intervalNanos;
            before = 0;
            if (now != interval) {
                before = leftOut;
                interval = now;
                written = 0;
                leftOut = 0;
            }
            if (written >= lines) {
                leftOut++;
                return false;
            }
            written++;
        }
        if (before > 0) {
            leftOutBefore.accept(before);
        }
        return true;
    }
}
