package org.submission.doi.service;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import io.smallrye.mutiny.Uni;
import java.util.function.Supplier;
import org.submission.doi.config.DoiSettings;

/**
 * Upstream answers per DOI key for a time to live; failures are never kept. With a zero TTL every
 * call goes upstream. Concurrent misses for one key each ask upstream: the journal endpoint
 * already allows one request per DOI, and coalescing would tie one client's cancellation to another's.
 */
public final class AnswerCache<T> {

    private final Cache<String, T> entries;

    public AnswerCache(DoiSettings.Cache settings) {
        this(settings, Ticker.systemTicker());
    }

    AnswerCache(DoiSettings.Cache settings, Ticker ticker) {
        this.entries = settings.ttl().isZero() || settings.ttl().isNegative() ? null
                : Caffeine.newBuilder()
                        .expireAfterWrite(settings.ttl())
                        .maximumSize(settings.maxEntries())
                        .executor(Runnable::run)
                        .ticker(ticker)
                        .build();
    }

    /** The cached answer, or the upstream's (kept when it succeeds). */
    public Uni<T> get(String key, Supplier<Uni<T>> upstream) {
        if (entries == null) {
            return Uni.createFrom().deferred(upstream::get);
        }
        return Uni.createFrom().deferred(() -> {
            T cached = entries.getIfPresent(key);
            return cached != null ? Uni.createFrom().item(cached)
                    : upstream.get().invoke(answer -> entries.put(key, answer));
        });
    }
}
