package org.submission.platform.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;

/**
 * A latency bound that is behaviour, not speed: a request's times while other work goes on, against
 * the same request's times measured just before without it, in the same test on the same machine.
 * A busy machine (another build beside this one: a load average of 15 on 2 cores, 31 when both
 * builds' attacks run at once) slows both; what
 * the bound catches is the request held up by that work, as a busy event loop, a lock or a queue
 * behind an attack holds it: for seconds, where the work's share of the cores costs a few times the
 * unloaded figure. Absolute figures belong to the benchmarks.
 */
public final class RelativeLatency {

    /** How many times its unloaded figure a loaded figure may be: the other work takes its share of the two cores. */
    static final int FACTOR = 5;
    /** Added to the median's bound: at a load of 15 a thread may wait a time slice per runnable thread before it runs. */
    static final long SLACK_MILLIS = 250;
    /**
     * Added to the slowest one's bound. Any pause of the service (a full collection took 400 ms at a
     * load of 14) stretches with the threads that run before it: at a load of 31, two builds' attacks
     * at once, one request in 800 took 1.8 s. An event loop held by an attack holds its callers for
     * tens of seconds (30 s in the review that asked for this bound).
     */
    static final long STALL_MILLIS = 3_000;

    private RelativeLatency() {
    }

    /** A request's times in milliseconds, as measured. */
    public record Times(List<Long> millis) {

        public Times {
            millis = millis.stream().sorted().toList();
        }

        public long median() {
            return millis.get(millis.size() / 2);
        }

        public long max() {
            return millis.get(millis.size() - 1);
        }

        @Override
        public String toString() {
            return String.format("%d requests, median %d ms, slowest %d ms", millis.size(), median(), max());
        }
    }

    /** {@code count} times the request, {@code pause} apart. */
    public static Times measure(int count, Duration pause, Callable<?> request) throws Exception {
        return measureWhile(() -> false, count, pause, request);
    }

    /** The request again and again, {@code pause} apart, while {@code going} holds, and at least {@code atLeast} times. */
    public static Times measureWhile(BooleanSupplier going, int atLeast, Duration pause, Callable<?> request) throws Exception {
        List<Long> millis = new ArrayList<>();
        while (millis.size() < atLeast || going.getAsBoolean()) {
            long start = System.nanoTime();
            request.call();
            millis.add((System.nanoTime() - start) / 1_000_000);
            Thread.sleep(pause.toMillis());
        }
        return new Times(millis);
    }

    /** The loaded times' median and slowest within their bounds relative to the unloaded ones. */
    public static void assertNotHeldUp(String what, Times unloaded, Times loaded) {
        assertThat(loaded.median()).as("%s: median ms while loaded (%s) against unloaded (%s)", what, loaded, unloaded)
                .isLessThanOrEqualTo(FACTOR * unloaded.median() + SLACK_MILLIS);
        assertThat(loaded.max()).as("%s: slowest ms while loaded (%s) against unloaded (%s)", what, loaded, unloaded)
                .isLessThanOrEqualTo(FACTOR * unloaded.max() + STALL_MILLIS);
    }
}
