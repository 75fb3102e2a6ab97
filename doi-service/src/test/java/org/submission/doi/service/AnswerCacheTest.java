package org.submission.doi.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Ticker;
import io.quarkus.runtime.configuration.MemorySize;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.submission.doi.config.DoiSettings;

class AnswerCacheTest {

    private static final Duration HOUR = Duration.ofHours(1);

    private final AtomicLong now = new AtomicLong();
    private final Ticker ticker = now::get;

    @Test
    void keepsAnAnswerForTheLifeItWasGiven() {
        AnswerCache<String> cache = new AnswerCache<>(settings(HOUR, 100, 1 << 20), ticker);

        cache.put("k", "answer", Duration.ofMinutes(5));
        now.addAndGet(Duration.ofMinutes(4).toNanos());

        assertThat(cache.get("k")).isEqualTo("answer");
    }

    @Test
    void dropsAnAnswerOnceItsLifeHasPassed() {
        AnswerCache<String> cache = new AnswerCache<>(settings(HOUR, 100, 1 << 20), ticker);

        cache.put("k", "answer", Duration.ofMinutes(5));
        now.addAndGet(Duration.ofMinutes(6).toNanos());

        assertThat(cache.get("k")).isNull();
    }

    @Test
    void aZeroTimeToLiveTurnsCachingOff() {
        AnswerCache<String> cache = new AnswerCache<>(settings(Duration.ZERO, 100, 1 << 20), ticker);

        cache.put("k", "answer", HOUR);

        assertThat(cache.get("k")).isNull();
    }

    @Test
    void anAnswerHeavierThanTheByteBoundIsNotKept() {
        AnswerCache<String> cache = new AnswerCache<>(settings(HOUR, 100, 64 * 1024), ticker);

        cache.put("k", "x".repeat(100 * 1024), HOUR);

        assertThat(cache.get("k")).isNull();
    }

    @Test
    void keepsNoMoreEntriesThanTheCountBoundAllows() {
        AnswerCache<String> cache = new AnswerCache<>(settings(HOUR, 2, 1 << 20), ticker);

        for (String key : new String[] {"a", "b", "c"}) {
            cache.put(key, "answer " + key, HOUR);
        }

        assertThat(java.util.stream.Stream.of("a", "b", "c").filter(key -> cache.get(key) != null)).hasSizeLessThanOrEqualTo(2);
    }

    @Test
    void weighsARegistryWorkByItsText() {
        JournalCandidate journal = new JournalCandidate("J", List.of(":0000-0000"));
        RegistryAnswer small = new RegistryAnswer("{\"a\":\"b\"}", journal);
        RegistryAnswer large = new RegistryAnswer("{\"a\":\"" + "b".repeat(10_000) + "\"}", journal);

        assertThat(AnswerCache.bytes(Optional.of(large)) - AnswerCache.bytes(Optional.of(small))).isGreaterThanOrEqualTo(2 * 9_999);
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
