package org.submission.platform.error;

import java.time.Duration;
import java.util.function.IntConsumer;
import java.util.function.LongSupplier;

/**
 * At most {@code lines} log lines in each {@code interval}, whatever the rate of what they report,
 * so that a flood of failures cannot flood the log; the first line allowed in an interval is told
 * how many were left out since the interval before it opened. An interval opens with the first line
 * after the last one closed, so that a line is never followed by more than {@code lines} within
 * {@code interval}, whenever it came.
 */
public final class LogThrottle {

    private static final LongSupplier SYSTEM = System::nanoTime;

    private final long intervalNanos;
    private final int lines;
    private final LongSupplier nanos;
    private boolean opened;
    private long openedAt;
    private int written;
    private int leftOut;

    public LogThrottle(Duration interval, int lines) {
        this(interval, lines, SYSTEM);
    }

    /** {@code nanos}: the clock, in nanoseconds from any origin (a cache's ticker, a test's clock). */
    public LogThrottle(Duration interval, int lines, LongSupplier nanos) {
        this.intervalNanos = interval.toNanos();
        this.lines = lines;
        this.nanos = nanos;
    }

    /** Whether a line may be written now; {@code leftOutBefore} first hears of the lines the previous interval left out, if any. */
    public boolean allowed(IntConsumer leftOutBefore) {
        int before;
        synchronized (this) {
            long now = nanos.getAsLong();
            before = 0;
            if (!opened || now - openedAt >= intervalNanos) {
                before = leftOut;
                opened = true;
                openedAt = now;
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
