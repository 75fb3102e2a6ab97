package org.submission.doi.service;

import com.fasterxml.jackson.databind.JsonNode;
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
 * <p>
 * Bounded by estimated heap bytes and by count at once: Caffeine takes one bound, so each entry
 * weighs at least {@code maxSize / maxEntries}, which caps the count too.
 */
public final class AnswerCache<T> {

    /** Per JSON node or object: header, references, hash-map entry. */
    private static final int NODE_OVERHEAD = 48;

    private final Cache<String, T> entries;

    public AnswerCache(DoiSettings.Cache settings) {
        this(settings, Ticker.systemTicker());
    }

    AnswerCache(DoiSettings.Cache settings, Ticker ticker) {
        long maxBytes = settings.maxSize().asLongValue();
        int floor = (int) Math.min(Integer.MAX_VALUE, Math.max(1, maxBytes / Math.max(1, settings.maxEntries())));
        this.entries = settings.ttl().isZero() || settings.ttl().isNegative() ? null
                : Caffeine.newBuilder()
                        .expireAfterWrite(settings.ttl())
                        .maximumWeight(maxBytes)
                        .<String, T>weigher((key, answer) -> (int) Math.min(Integer.MAX_VALUE,
                                Math.max(floor, 2L * key.length() + bytes(answer))))
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

    /**
     * An estimate of the heap an answer holds: a JSON tree is walked (serialising it again would
     * cost more); other answers are small records, estimated by their text form.
     */
    static long bytes(Object answer) {
        if (answer instanceof JsonNode node) {
            return json(node);
        }
        return NODE_OVERHEAD + 2L * String.valueOf(answer).length();
    }

    private static long json(JsonNode node) {
        long total = NODE_OVERHEAD;
        if (node.isObject()) {
            for (var field : node.properties()) {
                total += 2L * field.getKey().length() + json(field.getValue());
            }
        } else if (node.isArray()) {
            for (JsonNode element : node) {
                total += json(element);
            }
        } else if (node.isTextual()) {
            total += 2L * node.textValue().length();
        }
        return total;
    }
}
