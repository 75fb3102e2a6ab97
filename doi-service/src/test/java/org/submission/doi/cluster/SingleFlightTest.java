package org.submission.doi.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.UniEmitter;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.doi.config.DoiSettings.SameDoi;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.metrics.DoiMetrics;
import org.submission.doi.model.Doi;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.doi.upstream.UpstreamPace;
import org.submission.platform.error.ApiException;
import org.submission.platform.testing.EmbeddedPostgresResource;

/**
 * Single flight across pods on the real database: two flights with coordinations of their own
 * stand for two pods (each holds leases in its own name).
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
// unused here, but the same resources as the other tests: one application built and started for all
@WithTestResource(WireMockUpstreams.class)
class SingleFlightTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    /** Answers of text, kept as they are. */
    static final class TextFlight extends SingleFlight<String> {
        TextFlight(SameDoi sameDoi, DoiSettings settings, Coordination coordination, DoiMetrics metrics, Vertx vertx) {
            super("Crossref", new UpstreamPace(2_000, 3_600_000, System::currentTimeMillis), sameDoi, settings, coordination,
                    new CallerShare(1, 0, metrics), metrics, vertx);
        }

        Uni<Optional<String>> get(Doi doi, Uni<Optional<String>> call) {
            return get(doi, "caller", () -> true, turns -> call);
        }

        @Override
        protected String encode(String answer) {
            return answer;
        }

        @Override
        protected String decode(String body) {
            return body;
        }

        @Override
        protected long bytes(String answer) {
            return 2L * answer.length();
        }
    }

    @Inject
    Pool pool;
    @Inject
    DoiSettings settings;
    @Inject
    DoiMetrics metrics;
    @Inject
    Vertx vertx;

    private TextFlight pod;
    private TextFlight otherPod;
    private final AtomicInteger calls = new AtomicInteger();
    private final Doi doi = Doi.parse(Fixtures.newDoi()).orElseThrow();

    @BeforeEach
    void twoPods() {
        pod = new TextFlight(SameDoi.REJECT, settings, new Coordination(pool, new CoordinationState(metrics)), metrics, vertx);
        otherPod = new TextFlight(SameDoi.REJECT, settings, new Coordination(pool, new CoordinationState(metrics)), metrics, vertx);
    }

    private Uni<Optional<String>> call(String answer) {
        return Uni.createFrom().deferred(() -> {
            calls.incrementAndGet();
            return Uni.createFrom().item(Optional.of(answer));
        });
    }

    @Test
    void aSecondLookupOnThePodIsServedFromItsMemoryWithoutACall() {
        pod.get(doi, call("answer")).await().atMost(WAIT);

        assertThat(pod.get(doi, call("other")).await().atMost(WAIT)).contains("answer");
        assertThat(calls).hasValue(1);
    }

    @Test
    void aCallerWithALookupUnderWayGets429ForAnotherButItsAnswersFromMemoryCostNoShare() {
        Doi other = Doi.parse(Fixtures.newDoi()).orElseThrow();
        pod.get(other, call("kept")).await().atMost(WAIT);
        pod.get(doi, Uni.createFrom().nothing()).subscribe().with(ignored -> { }, ignored -> { });

        assertThatThrownBy(() -> pod.get(Doi.parse(Fixtures.newDoi()).orElseThrow(), call("x")).await().atMost(WAIT))
                .isInstanceOfSatisfying(ApiException.class, refusal -> assertThat(refusal.status()).isEqualTo(429));
        assertThat(pod.get(other, call("x")).await().atMost(WAIT)).contains("kept");
    }

    @Test
    void anotherPodIsServedFromTheSharedCacheOnceTheEndStatementHasRun() {
        pod.get(doi, call("answer")).await().atMost(WAIT);
        pod.settled(doi).await().atMost(WAIT);

        assertThat(otherPod.get(doi, call("other")).await().atMost(WAIT)).contains("answer");
        assertThat(calls).hasValue(1);
    }

    @Test
    void anotherPodMeetingTheLeaseGets429WithoutACall() {
        pod.get(doi, Uni.createFrom().nothing()).subscribe().with(ignored -> { }, ignored -> { });
        awaitLease();

        assertThatThrownBy(() -> otherPod.get(doi, call("other")).await().atMost(WAIT))
                .isInstanceOfSatisfying(ApiException.class, refusal -> assertThat(refusal.status()).isEqualTo(429));
        assertThat(calls).hasValue(0);
    }

    @Test
    void aSharingPodWaitsForTheLeaseHoldersAnswer() throws Exception {
        TextFlight sharing = new TextFlight(SameDoi.SHARE, settings, new Coordination(pool, new CoordinationState(metrics)), metrics, vertx);
        // the call starts after the lease is taken, on another thread: its answer is awaited, not assumed there
        CompletableFuture<UniEmitter<? super Optional<String>>> answer = new CompletableFuture<>();
        pod.get(doi, Uni.createFrom().<Optional<String>>emitter(answer::complete)).subscribe().with(ignored -> { }, ignored -> { });
        awaitLease();

        Uni<Optional<String>> waiting = sharing.get(doi, call("other")).memoize().indefinitely();
        waiting.subscribe().with(ignored -> { }, ignored -> { });
        answer.get(WAIT.toMillis(), TimeUnit.MILLISECONDS).complete(Optional.of("answer"));

        assertThat(waiting.await().atMost(WAIT)).contains("answer");
        assertThat(calls).hasValue(0);
    }

    @Test
    void aLookupNobodyWantsAnyMoreMakesNoCallAndLeavesTheDoiToOthers() {
        assertThatThrownBy(() -> pod.get(doi, "caller", () -> false, turns -> call("answer")).await().atMost(WAIT))
                .isInstanceOf(ApiException.class);
        pod.settled(doi).await().atMost(WAIT);

        assertThat(calls).hasValue(0);
        assertThat(otherPod.get(doi, call("answer")).await().atMost(WAIT)).contains("answer");
    }

    private void awaitLease() {
        long giveUp = System.nanoTime() + WAIT.toNanos();
        while (pool.preparedQuery("SELECT count(*) FROM doi_lease WHERE doi_key = $1").execute(io.vertx.mutiny.sqlclient.Tuple.of(doi.key()))
                .await().atMost(WAIT).iterator().next().getLong(0) == 0) {
            assertThat(System.nanoTime()).as("a lease taken").isLessThan(giveUp);
        }
    }
}
