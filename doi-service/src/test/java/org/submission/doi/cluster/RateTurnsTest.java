package org.submission.doi.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.doi.metrics.DoiMetrics;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.doi.upstream.UpstreamPace;
import org.submission.platform.error.ApiException;
import org.submission.platform.testing.EmbeddedPostgresResource;

/** The turns of one call's attempts, on the real database, for an upstream of its own. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
// unused here, but the same resources as the other tests: one application built and started for all
@WithTestResource(WireMockUpstreams.class)
class RateTurnsTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String UPSTREAM = "TurnsTest";
    /** A default rate of 10 per second, no margin; turns within 5 s. */
    private static final ClusterTimes TIMES = new ClusterTimes(Duration.ofHours(1), Duration.ofMinutes(10), 30_000, 1.0, 100,
            5_000, 2_000, Duration.ofSeconds(2));

    @Inject
    Pool pool;
    @Inject
    DoiMetrics metrics;
    @Inject
    Vertx vertx;

    private final UpstreamPace pace = new UpstreamPace(2_000, 3_600_000, System::currentTimeMillis);
    private final AtomicBoolean wanted = new AtomicBoolean(true);
    private RateTurns turns;

    @BeforeEach
    void freshUpstream() {
        pool.preparedQuery("DELETE FROM doi_upstream WHERE upstream = $1").execute(io.vertx.mutiny.sqlclient.Tuple.of(UPSTREAM))
                .await().atMost(WAIT);
        turns = new RateTurns(UPSTREAM, pace, new Coordination(pool, new CoordinationState(metrics)), TIMES,
                new CoordinationUnavailable(UPSTREAM, metrics, new CoordinationState(metrics)), metrics, vertx, wanted::get, System::nanoTime);
    }

    @Test
    void theFirstTurnTakenWithTheLeaseIsUsedWithoutAStatement() {
        turns.first(0, 100).await().atMost(WAIT);

        turns.next().await().atMost(WAIT);

        assertThat(rows()).isZero();
    }

    @Test
    void aFurtherAttemptBooksATurnOfItsOwn() {
        turns.first(0, 100).await().atMost(WAIT);
        turns.next().await().atMost(WAIT);

        turns.next().await().atMost(WAIT);

        assertThat(rows()).isEqualTo(1);
        assertThat(pace.inEffectMillis()).isEqualTo(100);
    }

    @Test
    void aFurtherTurnTellsThePodsTheSpacingTheUpstreamAnnounced() {
        turns.first(0, 100).await().atMost(WAIT);
        turns.next().await().atMost(WAIT);
        pace.observe(200, "4", "1s", null);

        turns.next().await().atMost(WAIT);

        assertThat(pool.preparedQuery("SELECT announced_ms FROM doi_upstream WHERE upstream = $1")
                .execute(io.vertx.mutiny.sqlclient.Tuple.of(UPSTREAM)).await().atMost(WAIT).iterator().next().getLong(0)).isEqualTo(250);
        assertThat(pace.spacingToPublish()).as("told once").isNull();
    }

    @Test
    void noTurnIsBookedForAnAttemptNobodyWaitsFor() {
        turns.first(0, 100).await().atMost(WAIT);
        turns.next().await().atMost(WAIT);
        wanted.set(false);

        assertThatThrownBy(() -> turns.next().await().atMost(WAIT)).isInstanceOf(ApiException.class);
        assertThat(rows()).isZero();
    }

    @Test
    void aTurnIsCurrentUntilItsSlackHasPassed() {
        AtomicLong nanos = new AtomicLong(System.nanoTime());
        // a margin of 2: a spacing of 100 ms leaves a slack of 50 ms
        RateTurns widened = new RateTurns(UPSTREAM, pace, new Coordination(pool, new CoordinationState(metrics)),
                new ClusterTimes(Duration.ofHours(1), Duration.ofMinutes(10), 30_000, 2.0, 100, 5_000, 2_000, Duration.ofSeconds(2)),
                new CoordinationUnavailable(UPSTREAM, metrics, new CoordinationState(metrics)), metrics, vertx, wanted::get, nanos::get);
        widened.first(0, 100).await().atMost(WAIT);

        nanos.addAndGet(Duration.ofMillis(50).toNanos());
        assertThat(widened.current()).as("at the end of the slack").isTrue();
        nanos.incrementAndGet();
        assertThat(widened.current()).as("past it").isFalse();
    }

    private long rows() {
        return pool.preparedQuery("SELECT count(*) FROM doi_upstream WHERE upstream = $1")
                .execute(io.vertx.mutiny.sqlclient.Tuple.of(UPSTREAM)).await().atMost(WAIT).iterator().next().getLong(0);
    }
}
