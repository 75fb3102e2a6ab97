package org.submission.doi.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.benmanes.caffeine.cache.Ticker;
import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.helpers.test.UniAssertSubscriber;
import java.math.BigInteger;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.submission.doi.config.DoiSettings;

class AnswerCacheTest {

    private final AtomicLong now = new AtomicLong();
    private final Ticker ticker = now::get;
    private final AtomicInteger upstreamCalls = new AtomicInteger();

    private Uni<String> upstream() {
        return Uni.createFrom().item(() -> "answer " + upstreamCalls.incrementAndGet());
    }

    @Test
    void reusesAnAnswerWithinTheTimeToLive() {
        AnswerCache<String> cache = new AnswerCache<>(settings(Duration.ofHours(1), 100, 1 << 20), ticker);

        String first = cache.get("k", this::upstream).await().indefinitely();
        now.addAndGet(Duration.ofMinutes(59).toNanos());
        String second = cache.get("k", this::upstream).await().indefinitely();

        assertThat(second).isEqualTo(first);
        assertThat(upstreamCalls).hasValue(1);
    }

    @Test
    void asksAgainOnceTheTimeToLiveHasPassed() {
        AnswerCache<String> cache = new AnswerCache<>(settings(Duration.ofHours(1), 100, 1 << 20), ticker);

        cache.get("k", this::upstream).await().indefinitely();
        now.addAndGet(Duration.ofMinutes(61).toNanos());
        cache.get("k", this::upstream).await().indefinitely();

        assertThat(upstreamCalls).hasValue(2);
    }

    @Test
    void aZeroTimeToLiveTurnsCachingOff() {
        AnswerCache<String> cache = new AnswerCache<>(settings(Duration.ZERO, 100, 1 << 20), ticker);

        cache.get("k", this::upstream).await().indefinitely();
        cache.get("k", this::upstream).await().indefinitely();

        assertThat(upstreamCalls).hasValue(2);
    }

    @Test
    void failuresAreNotKept() {
        AnswerCache<String> cache = new AnswerCache<>(settings(Duration.ofHours(1), 100, 1 << 20), ticker);

        cache.get("k", () -> Uni.createFrom().failure(new IllegalStateException("down")))
                .subscribe().withSubscriber(UniAssertSubscriber.create()).assertFailedWith(IllegalStateException.class);
        cache.get("k", this::upstream).await().indefinitely();

        assertThat(upstreamCalls).hasValue(1);
    }

    @Test
    void anAnswerHeavierThanTheByteBoundIsNotKept() {
        AnswerCache<String> cache = new AnswerCache<>(settings(Duration.ofHours(1), 100, 64 * 1024), ticker);
        String huge = "x".repeat(100 * 1024);

        cache.get("k", () -> Uni.createFrom().item(() -> huge + upstreamCalls.incrementAndGet())).await().indefinitely();
        cache.get("k", () -> Uni.createFrom().item(() -> huge + upstreamCalls.incrementAndGet())).await().indefinitely();

        assertThat(upstreamCalls).hasValue(2);
    }

    @Test
    void keepsNoMoreEntriesThanTheCountBoundAllows() {
        AnswerCache<String> cache = new AnswerCache<>(settings(Duration.ofHours(1), 2, 1 << 20), ticker);

        for (String key : new String[] {"a", "b", "c", "a", "b", "c"}) {
            cache.get(key, this::upstream).await().indefinitely();
        }

        assertThat(upstreamCalls.get()).isGreaterThan(3);
    }

    @Test
    void estimatesAJsonAnswerByItsText() {
        ObjectNode small = JsonNodeFactory.instance.objectNode().put("a", "b");
        ObjectNode large = JsonNodeFactory.instance.objectNode().put("a", "b".repeat(10_000));

        assertThat(AnswerCache.bytes(large) - AnswerCache.bytes(small)).isGreaterThanOrEqualTo(2 * 9_999);
    }

    private static DoiSettings.Cache settings(Duration ttl, long maxEntries, long maxBytes) {
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
        };
    }
}
