package org.submission.doi.upstream;

import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What this pod has learnt about one upstream's pace from its answers: the spacing between calls
 * it announces ({@code X-Rate-Limit-Limit} calls per {@code X-Rate-Limit-Interval}), and a pause it
 * asked for (429, or 503 with {@code Retry-After}). The service publishes both to the other pods
 * through PostgreSQL ({@code doi_upstream}) and learns theirs from there.
 */
public final class UpstreamPace {

    static final int RETRY_AFTER_MAX_SECONDS = 3600;
    static final int RATE_LIMIT_DEFAULT_SECONDS = 5;

    /** Wall-clock millis until which no call is made; 0 when not paused. */
    private final AtomicLong pausedUntil = new AtomicLong();
    /** A pause an answer asked for that the pods have not been told of yet, in millis; 0 when none. */
    private final AtomicLong pauseToPublish = new AtomicLong();
    private final AtomicLong announcedMs = new AtomicLong(-1);
    private final AtomicReference<Long> publishedMs = new AtomicReference<>();

    /** Reads the pace headers of any answer, failed ones included. */
    void observe(HttpClientResponse response) {
        Long spacing = spacingMillis(response.getHeader("X-Rate-Limit-Limit"), response.getHeader("X-Rate-Limit-Interval"));
        if (spacing != null) {
            announcedMs.set(spacing);
        }
        int status = response.statusCode();
        String retryAfter = response.getHeader(HttpHeaders.RETRY_AFTER);
        if (status == 429 || status == 503 && retryAfter != null) {
            long millis = retryAfterSeconds(retryAfter) * 1000L;
            pauseFor(millis);
            pauseToPublish.accumulateAndGet(millis, Math::max);
        }
    }

    /** Pauses this pod's calls (a pause learnt from another pod, or from an answer here). */
    public void pauseFor(long millis) {
        long until = System.currentTimeMillis() + millis;
        pausedUntil.accumulateAndGet(until, Math::max);
    }

    /** Millis left of the pause, 0 when calls may be made. */
    public long pausedFor() {
        return Math.max(0, pausedUntil.get() - System.currentTimeMillis());
    }

    /** The pause to tell the other pods of, once; null when there is none new. */
    public Long takePauseToPublish() {
        long millis = pauseToPublish.getAndSet(0);
        return millis > 0 ? millis : null;
    }

    /** The announced spacing when the pods have not been told of it yet; null otherwise. */
    public Long spacingToPublish() {
        long announced = announcedMs.get();
        if (announced < 0) {
            return null;
        }
        Long published = publishedMs.get();
        return published != null && published == announced ? null : announced;
    }

    public void published(Long spacing) {
        if (spacing != null) {
            publishedMs.set(spacing);
        }
    }

    /** Forgets everything learnt (tests start from a fresh upstream). */
    public void reset() {
        pausedUntil.set(0);
        pauseToPublish.set(0);
        announcedMs.set(-1);
        publishedMs.set(null);
    }

    /** Millis between two calls for {@code limit} calls per {@code interval} ("1s", "500ms", "1m"), null when unreadable. */
    static Long spacingMillis(String limit, String interval) {
        if (limit == null || interval == null) {
            return null;
        }
        try {
            long calls = Long.parseLong(limit.trim());
            long millis = intervalMillis(interval.trim().toLowerCase(java.util.Locale.ROOT));
            return calls > 0 && millis > 0 ? Math.max(1, (millis + calls - 1) / calls) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static long intervalMillis(String interval) {
        if (interval.endsWith("ms")) {
            return Long.parseLong(interval.substring(0, interval.length() - 2));
        }
        long unit = switch (interval.charAt(interval.length() - 1)) {
            case 's' -> 1000L;
            case 'm' -> 60_000L;
            case 'h' -> 3_600_000L;
            default -> -1L;
        };
        return unit < 0 ? Long.parseLong(interval) * 1000L : Long.parseLong(interval.substring(0, interval.length() - 1)) * unit;
    }

    static int retryAfterSeconds(String header) {
        try {
            int seconds = Integer.parseInt(header == null ? "" : header.trim());
            return Math.min(RETRY_AFTER_MAX_SECONDS, Math.max(1, seconds));
        } catch (NumberFormatException e) {
            return RATE_LIMIT_DEFAULT_SECONDS;
        }
    }
}
