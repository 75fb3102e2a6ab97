package org.submission.platform.security;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.function.LongSupplier;
import org.submission.platform.error.LogThrottle;

/**
 * Failed authentications per client address: {@code failures} within {@code window} refuse the
 * address's credentials for a penalty that doubles with each further one, up to {@code max-delay}.
 * An address is forgotten {@code max-delay} after its penalty ends or the window of its last failure
 * closes, whichever is later (a guesser who keeps coming back keeps its long penalty), and at most
 * {@code max-addresses} are remembered (the least recently failed go first), so that a spray of
 * addresses costs a bounded table, never the heap.
 */
public class AuthThrottle {

    /** What one address did: failures in the current window, penalties so far, and its log lines. */
    record Record(long windowStart, int failures, int penalties, long refusedUntil, long lastFailure, LogThrottle reports) {
    }

    /**
     * The state after a failure: whether to log it now (at most once a minute per address, a
     * {@link LogThrottle} of its own), the failures since the last such line when it is (this one
     * included), and the penalty now running (zero when none).
     */
    public record Failure(String address, boolean reportDue, int unreported, Duration refusedFor) {
    }

    private static final Duration REPORT_INTERVAL = Duration.ofMinutes(1);

    private final AuthThrottleSettings settings;
    private final Ticker ticker;
    private final LongSupplier clock;
    private final Cache<String, Record> addresses;

    public AuthThrottle(AuthThrottleSettings settings, Ticker ticker) {
        this.settings = settings;
        this.ticker = ticker;
        this.clock = ticker::read;
        long window = settings.window().toNanos();
        long forget = settings.maxDelay().toNanos();
        this.addresses = Caffeine.newBuilder()
                .ticker(ticker)
                .executor(Runnable::run)
                .maximumSize(settings.maxAddresses())
                .expireAfter(Expiry.<String, Record>writing((address, r) ->
                        Duration.ofNanos(Math.max(r.lastFailure() + window, r.refusedUntil()) + forget - ticker.read())))
                .build();
    }

    /** How long the address's credentials are still refused; zero when they are looked at. */
    public Duration refusal(String address) {
        Record record = addresses.getIfPresent(address);
        long left = record == null ? 0 : record.refusedUntil() - ticker.read();
        return left > 0 ? Duration.ofNanos(left) : Duration.ZERO;
    }

    public Failure failed(String address) {
        long now = ticker.read();
        Failure[] outcome = new Failure[1];
        addresses.asMap().compute(address, (key, before) -> {
            Record r = next(before, now);
            int[] leftOut = new int[1];
            boolean due = r.reports().allowed(count -> leftOut[0] = count);
            outcome[0] = new Failure(address, due, leftOut[0] + 1, Duration.ofNanos(Math.max(0, r.refusedUntil() - now)));
            return r;
        });
        return outcome[0];
    }

    private Record next(Record before, long now) {
        Record r = before != null ? before : new Record(now, 0, 0, now, now, new LogThrottle(REPORT_INTERVAL, 1, clock));
        boolean newWindow = now - r.windowStart() >= settings.window().toNanos();
        long windowStart = newWindow ? now : r.windowStart();
        int failures = (newWindow ? 0 : r.failures()) + 1;
        int penalties = r.penalties();
        long refusedUntil = r.refusedUntil();
        if (failures >= settings.failures()) {
            refusedUntil = now + penalty(++penalties);
            failures = 0;
            windowStart = now;
        }
        return new Record(windowStart, failures, penalties, refusedUntil, now, r.reports());
    }

    /** The delay of the n-th penalty: the first one doubled n-1 times, at most the longest. */
    private long penalty(int n) {
        long longest = settings.maxDelay().toNanos();
        long delay = Math.min(settings.delay().toNanos(), longest);
        for (int i = 1; i < n && delay < longest; i++) {
            delay = delay > longest / 2 ? longest : delay * 2;
        }
        return delay;
    }
}
