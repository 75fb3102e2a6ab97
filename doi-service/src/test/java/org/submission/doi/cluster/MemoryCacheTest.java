package org.submission.doi.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Ticker;
import io.quarkus.runtime.configuration.MemorySize;
import java.math.BigInteger;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;
import org.submission.doi.config.DoiSettings;

class MemoryCacheTest {

    /** A text answer weighs its characters. */
    private static final ToLongFunction<String> TEXT = text -> 2L * text.length();

    private static final Duration HOUR = Duration.ofHours(1);

    private final AtomicLong now = new AtomicLong();
    private final Ticker ticker = now::get;

    @Test
    void keepsAnAnswerForTheLifeItWasGiven() {
        MemoryCache<String> cache = new MemoryCache<>(settings(HOUR, 100, 1 << 20), TEXT, ticker);

        cache.put("k", "answer", Duration.ofMinutes(5));
        now.addAndGet(Duration.ofMinutes(4).toNanos());

        assertThat(cache.get("k")).isEqualTo("answer");
    }

    @Test
    void dropsAnAnswerOnceItsLifeHasPassed() {
        MemoryCache<String> cache = new MemoryCache<>(settings(HOUR, 100, 1 << 20), TEXT, ticker);

        cache.put("k", "answer", Duration.ofMinutes(5));
        now.addAndGet(Duration.ofMinutes(6).toNanos());

        assertThat(cache.get("k")).isNull();
    }

    @Test
    void aZeroTimeToLiveTurnsCachingOff() {
        MemoryCache<String> cache = new MemoryCache<>(settings(Duration.ZERO, 100, 1 << 20), TEXT, ticker);

        cache.put("k", "answer", HOUR);

        assertThat(cache.get("k")).isNull();
    }

    @Test
    void anAnswerHeavierThanTheByteBoundIsNotKept() {
        MemoryCache<String> cache = new MemoryCache<>(settings(HOUR, 100, 64 * 1024), TEXT, ticker);

        cache.put("k", "x".repeat(100 * 1024), HOUR);

        assertThat(cache.get("k")).isNull();
    }

    @Test
    void keepsNoMoreEntriesThanTheCountBoundAllows() {
        MemoryCache<String> cache = new MemoryCache<>(settings(HOUR, 2, 1 << 20), TEXT, ticker);

        for (String key : new String[] {"a", "b", "c"}) {
            cache.put(key, "answer " + key, HOUR);
        }

        assertThat(java.util.stream.Stream.of("a", "b", "c").filter(key -> cache.get(key) != null)).hasSizeLessThanOrEqualTo(2);
    }

    static DoiSettings.Cache settings(Duration ttl, long maxEntries, long maxBytes) {
        return new DoiSettings.Cache() {
            @Override
            public Duration ttl() {
                return ttl;
            }

            @Override
            public long maxEntries() {
                return maxEntries;
            }

            @Override
            public MemorySize maxSize() {
                return new MemorySize(BigInteger.valueOf(maxBytes));
            }

            @Override
            public Duration notFoundTtl() {
                return ttl;
            }

            @Override
            public long sharedMaxRows() {
                return 1000;
            }

            @Override
            public Duration purgeInterval() {
                return Duration.ofMinutes(1);
            }
        };
    }
}
