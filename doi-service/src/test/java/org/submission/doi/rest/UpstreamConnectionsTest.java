package org.submission.doi.rest;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.shared.testing.EmbeddedPostgresResource;

/**
 * The REST client's streamed body reader closes its connection once the body has ended, on the
 * caller's event loop; a connection the pool had already handed to the next call was closed under
 * it ("Connection was closed": a 502 for a few requests in a thousand). Upstream connections are
 * therefore never reused.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class UpstreamConnectionsTest {

    private static final int REQUESTS = 1_000;
    private static final int IN_FLIGHT = 8;

    @WireMockUpstreams.Server
    WireMockServer upstream;

    @Inject
    CircuitBreakerMaintenance circuits;

    @BeforeEach
    void reset() {
        Upstreams.reset(upstream, circuits);
        upstream.stubFor(get(urlPathMatching(WireMockUpstreams.LOOKUP_PATH + ".*"))
                .willReturn(Upstreams.json(Fixtures.text("oa-record.json"))));
    }

    @Test
    void everyUpstreamCallAsksForItsConnectionToBeClosed() {
        for (int i = 0; i < 3; i++) {
            assertThat(Api.manuscript(Fixtures.newDoi()).statusCode()).isEqualTo(200);
        }

        upstream.verify(3, getRequestedFor(urlPathMatching(WireMockUpstreams.LOOKUP_PATH + ".*"))
                .withHeader("Connection", equalTo("close")));
    }

    @Test
    void aThousandRequestsEightAtATimeAllAnswer() throws InterruptedException, ExecutionException {
        List<Callable<Integer>> requests = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            String doi = Fixtures.newDoi();
            requests.add(() -> Api.manuscript(doi).statusCode());
        }
        List<Integer> statuses = new ArrayList<>();
        ExecutorService clients = Executors.newFixedThreadPool(IN_FLIGHT);
        try {
            for (Future<Integer> status : clients.invokeAll(requests)) {
                statuses.add(status.get());
            }
        } finally {
            clients.shutdownNow();
        }

        assertThat(statuses).hasSize(REQUESTS).containsOnly(200);
    }
}
