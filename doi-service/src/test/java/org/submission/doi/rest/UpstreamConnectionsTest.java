package org.submission.doi.rest;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
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
 * Upstream connections are reused, and one is closed only while its answer is unfinished. The
 * former REST client's streamed reader closed its connection after every body, sometimes once the
 * pool had handed it to the next call: "Connection was closed", 502 for about 2 requests in 100 here.
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
