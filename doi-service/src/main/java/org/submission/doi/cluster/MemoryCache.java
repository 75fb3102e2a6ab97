package org.submission.doi.cluster;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.function.ToLongFunction;
import org.submission.doi.config.DoiSettings;

/**
 * This pod's copy of upstream answers per DOI key, each for the time it was given (the shared
 * cache's remaining life, or the TTL); failures are never kept. With a zero TTL nothing is kept.
 * In front of the cache shared by all pods in PostgreSQL ({@link SingleFlight}); weighed by what
 * its owner says an answer holds.
 * <p>
 * Bounded by estimated heap bytes and by count at once: Caffeine takes one bound, so each entry
 * weighs at least {@code maxSize / maxEntries}, which caps the count too.
 */
final class MemoryCache<T> {

    /** Per answer: its record and optional, the entry's own. */
    private static final int OVERHEAD = 64;

    private record Entry<T>(T answer, long lifeNanos) {
    }

    private final Cache<String, Entry<T>> entries;

    MemoryCache(DoiSettings.Cache settings, ToLongFunction<T> bytes) {
        this(settings, bytes, Ticker.systemTicker());
    }

    MemoryCache(DoiSettings.Cache settings, ToLongFunction<T> bytes, Ticker ticker) {
        long maxBytes = settings.maxSize().asLongValue();
        int floor = (int) Math.min(Integer.MAX_VALUE, Math.max(1, maxBytes / Math.max(1, settings.maxEntries())));
        this.entries = settings.ttl().isZero() || settings.ttl().isNegative() ? null
                : Caffeine.newBuilder()
                        .expireAfter(Expiry.<String, Entry<T>>writing((key, entry) -> Duration.ofNanos(entry.lifeNanos())))
                        .maximumWeight(maxBytes)
                        .<String, Entry<T>>weigher((key, entry) -> (int) Math.min(Integer.MAX_VALUE,
                                Math.max(floor, OVERHEAD + 2L * key.length() + bytes.applyAsLong(entry.answer()))))
                        .executor(Runnable::run)
                        .ticker(ticker)
                        .build();
    }

    /** The answer kept for the key, or null. */
    T get(String key) {
        Entry<T> entry = entries == null ? null : entries.getIfPresent(key);
        return entry == null ? null : entry.answer();
    }

    /** Keeps an answer for {@code life} (nothing when caching is off or the life is not positive). */
    void put(String key, T answer, Duration life) {
        if (entries != null && life.toNanos() > 0) {
            entries.put(key, new Entry<>(answer, life.toNanos()));
        }
    }
}
