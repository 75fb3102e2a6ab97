package org.submission.doi.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Ticker;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.helpers.test.UniAssertSubscriber;
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
        AnswerCache<String> cache = new AnswerCache<>(settings(Duration.ofHours(1)), ticker);

        String first = cache.get("k", this::upstream).await().indefinitely();
        now.addAndGet(Duration.ofMinutes(59).toNanos());
        String second = cache.get("k", this::upstream).await().indefinitely();

        assertThat(second).isEqualTo(first);
        assertThat(upstreamCalls).hasValue(1);
    }

    @Test
    void asksAgainOnceTheTimeToLiveHasPassed() {
        AnswerCache<String> cache = new AnswerCache<>(settings(Duration.ofHours(1)), ticker);

        cache.get("k", this::upstream).await().indefinitely();
        now.addAndGet(Duration.ofMinutes(61).toNanos());
        cache.get("k", this::upstream).await().indefinitely();

        assertThat(upstreamCalls).hasValue(2);
    }

    @Test
    void aZeroTimeToLiveTurnsCachingOff() {
        AnswerCache<String> cache = new AnswerCache<>(settings(Duration.ZERO), ticker);

        cache.get("k", this::upstream).await().indefinitely();
        cache.get("k", this::upstream).await().indefinitely();

        assertThat(upstreamCalls).hasValue(2);
    }

    @Test
    void failuresAreNotKept() {
        AnswerCache<String> cache = new AnswerCache<>(settings(Duration.ofHours(1)), ticker);

        cache.get("k", () -> Uni.createFrom().failure(new IllegalStateException("down")))
                .subscribe().withSubscriber(UniAssertSubscriber.create()).assertFailedWith(IllegalStateException.class);
        cache.get("k", this::upstream).await().indefinitely();

        assertThat(upstreamCalls).hasValue(1);
    }

    private static DoiSettings.Cache settings(Duration ttl) {
        return new DoiSettings.Cache() {
            @Override
            public Duration ttl() {
                return ttl;
            }

            @Override
            public long maxEntries() {
                return 100;
            }
        };
    }
}
