package org.submission.doi.upstream;

import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.metrics.DoiMetrics;

/**
 * What this pod has learnt about one upstream's pace from its answers: the spacing between calls
 * it announces ({@code X-Rate-Limit-Limit} calls per {@code X-Rate-Limit-Interval}), and a pause it
 * asked for (429, or 503 with {@code Retry-After}). The service publishes both to the other pods
 * through PostgreSQL ({@code doi_upstream}) and learns theirs from there.
 * <p>
 * What an upstream announces is believed within bounds and not for ever: a spacing is clamped to
 * DOI_UPSTREAM_MAX_SPACING and forgotten {@link #LEARNED_LIFE_MILLIS} after it was announced, a
 * pause to DOI_UPSTREAM_MAX_PAUSE; a later announcement replaces an earlier one in both directions.
 * A header that cannot be read as a value in range is ignored and counted, never sent on.
 */
public final class UpstreamPace {

    /** How long an announced spacing holds without being announced again (the database forgets it then too). */
    public static final long LEARNED_LIFE_MILLIS = 600_000;
    static final int RATE_LIMIT_DEFAULT_SECONDS = 5;
    /** The most calls per interval read of X-Rate-Limit-Limit, and the longest interval: a day. */
    private static final long MAX_LIMIT = 1_000_000;
    private static final long MAX_INTERVAL_MILLIS = 86_400_000;
    private static final Pattern INTERVAL = Pattern.compile("([0-9]{1,9})(ms|s|m|h)?");

    private final long maxSpacingMillis;
    private final long maxPauseMillis;
    private final LongSupplier clock;
    /** Wall-clock millis until which no call is made; 0 when not paused. */
    private final AtomicLong pausedUntil = new AtomicLong();
    /** A pause an answer asked for that the pods have not been told of yet, in millis; 0 when none. */
    private final AtomicLong pauseToPublish = new AtomicLong();
    private final AtomicLong announcedMs = new AtomicLong(-1);
    private final AtomicLong announcedAt = new AtomicLong();
    private final AtomicReference<Long> publishedMs = new AtomicReference<>();
    /** The spacing the pods keep between calls, as the database last said (millis; 0: no rate). */
    private final AtomicLong inEffectMs = new AtomicLong();
    private final AtomicLong ignored = new AtomicLong();

    /** One upstream's pace within the settings' bounds, its learnt values shown by the metrics. */
    static UpstreamPace of(String upstream, DoiSettings.Calls settings, DoiMetrics metrics) {
        UpstreamPace pace = new UpstreamPace(settings.maxSpacing().toMillis(), settings.maxPause().toMillis(), System::currentTimeMillis);
        metrics.pace(upstream, pace::inEffectMillis, pace::pausedUntil, pace::ignoredAnnouncements);
        return pace;
    }

    public UpstreamPace(long maxSpacingMillis, long maxPauseMillis, LongSupplier clock) {
        this.maxSpacingMillis = Math.max(1, maxSpacingMillis);
        this.maxPauseMillis = Math.max(1000, maxPauseMillis);
        this.clock = clock;
    }

    /** Reads the pace headers of any answer, failed ones included. */
    void observe(HttpClientResponse response) {
        observe(response.statusCode(), response.getHeader("X-Rate-Limit-Limit"), response.getHeader("X-Rate-Limit-Interval"),
                response.getHeader(HttpHeaders.RETRY_AFTER));
    }

    /** Reads the pace headers of an answer of {@code status} (each null when absent). */
    public void observe(int status, String limit, String interval, String retryAfter) {
        if (limit != null || interval != null) {
            Long spacing = spacingMillis(limit, interval);
            if (spacing == null) {
                ignored.incrementAndGet();
            } else {
                announcedMs.set(Math.min(maxSpacingMillis, spacing));
                announcedAt.set(clock.getAsLong());
            }
        }
        if (status == 429 || status == 503 && retryAfter != null) {
            long millis = pauseSeconds(retryAfter) * 1000L;
            pauseFor(millis);
            pauseToPublish.set(millis);
        }
    }

    /** Pauses this pod's calls for {@code millis} from now, replacing an earlier pause. */
    public void pauseFor(long millis) {
        pausedUntil.set(clock.getAsLong() + Math.min(maxPauseMillis, Math.max(0, millis)));
    }

    /** Millis left of the pause, 0 when calls may be made. */
    public long pausedFor() {
        return Math.max(0, pausedUntil.get() - clock.getAsLong());
    }

    /** Wall-clock millis until which calls are paused (0 or past: not paused). */
    public long pausedUntil() {
        return pausedUntil.get();
    }

    /** The pause to tell the other pods of, once; null when there is none new. */
    public Long takePauseToPublish() {
        long millis = pauseToPublish.getAndSet(0);
        return millis > 0 ? millis : null;
    }

    /** The announced spacing when the pods have not been told of it yet and it has not expired; null otherwise. */
    public Long spacingToPublish() {
        long announced = announcedMs.get();
        if (announced < 0 || clock.getAsLong() - announcedAt.get() > LEARNED_LIFE_MILLIS) {
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

    /** The spacing the database said is in effect (millis; 0: no rate to keep). */
    public void inEffect(long spacingMillis) {
        inEffectMs.set(spacingMillis);
    }

    public long inEffectMillis() {
        return inEffectMs.get();
    }

    /** Announcements whose headers could not be read as values in range, since start. */
    public long ignoredAnnouncements() {
        return ignored.get();
    }

    /** Forgets everything learnt (tests start from a fresh upstream). */
    public void reset() {
        pausedUntil.set(0);
        pauseToPublish.set(0);
        announcedMs.set(-1);
        publishedMs.set(null);
        inEffectMs.set(0);
    }

    /**
     * Millis between two calls for {@code limit} calls per {@code interval} ("1s", "500ms", "1m", or
     * a bare number of seconds), at least 1; null when either is missing, unreadable or out of
     * range (a limit of 1 to a million, an interval of 1 ms to a day).
     */
    static Long spacingMillis(String limit, String interval) {
        if (limit == null || interval == null) {
            return null;
        }
        Matcher matcher = INTERVAL.matcher(interval.trim().toLowerCase(Locale.ROOT));
        String calls = limit.trim();
        if (!matcher.matches() || !calls.matches("[0-9]{1,7}")) {
            return null;
        }
        long count = Long.parseLong(calls);
        long unit = switch (matcher.group(2) == null ? "s" : matcher.group(2)) {
            case "ms" -> 1L;
            case "s" -> 1000L;
            case "m" -> 60_000L;
            default -> 3_600_000L;
        };
        long millis = Long.parseLong(matcher.group(1)) * unit;
        if (count < 1 || count > MAX_LIMIT || millis < 1 || millis > MAX_INTERVAL_MILLIS) {
            return null;
        }
        return Math.max(1, (millis + count - 1) / count);
    }

    /**
     * Seconds of a Retry-After header, 1 to {@code maxSeconds}; 5 when it cannot be read (an HTTP
     * date, garbage). A number too large to read is the longest pause.
     */
    static long retryAfterSeconds(String header, long maxSeconds) {
        String value = header == null ? "" : header.trim();
        if (!value.matches("-?[0-9]+")) {
            return Math.min(maxSeconds, RATE_LIMIT_DEFAULT_SECONDS);
        }
        if (value.startsWith("-")) {
            return 1;
        }
        return value.length() > 12 ? maxSeconds : Math.max(1, Math.min(maxSeconds, Long.parseLong(value)));
    }

    /** The pause a Retry-After header asks for, within the bounds, in whole seconds. */
    int pauseSeconds(String header) {
        return (int) retryAfterSeconds(header, maxPauseMillis / 1000);
    }
}
