package org.submission.doi.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.smallrye.mutiny.subscription.Cancellable;
import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.submission.doi.model.Doi;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreams;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;

/** Calls the service itself gives up on are not the upstream's failures. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class CancelledCallsTest extends FreshUpstreams {

    @Inject
    RegistryClient registry;

    @Test
    void cancelledCallsNeverOpenTheCircuit() {
        String slow = Fixtures.newDoi();
        Upstreams.answer(upstream, "journal", slow, Upstreams.json(Fixtures.work(slow, "J", "print:1111-1111"))
                .withFixedDelay(1_000));
        int cancelled = 8; // twice the test configuration's request volume, at a failure ratio of 0.75
        for (int i = 1; i <= cancelled; i++) {
            Cancellable call = registry.work(Doi.parse(slow).orElseThrow(), UpstreamTurns.NONE).subscribe().with(work -> { }, failure -> { });
            Upstreams.awaitCalls(upstream, "journal", slow, i);
            call.cancel();
        }
        String healthy = Fixtures.newDoi();
        Upstreams.work(upstream, healthy, Fixtures.work(healthy, "J", "print:1111-1111"));

        assertThat(registry.work(Doi.parse(healthy).orElseThrow(), UpstreamTurns.NONE).await().atMost(Duration.ofSeconds(10))).isPresent();
        assertThat(registry.circuitState()).isEqualTo(CircuitBreakerState.CLOSED);
    }
}
