package org.submission.doi.support;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import java.time.Duration;
import org.awaitility.Awaitility;

/** Stubs and request counts of the two upstreams on the shared WireMock. */
public final class Upstreams {

    private Upstreams() {
    }

    /** Fresh stubs, an empty request journal and closed circuits, before each test. */
    public static void reset(WireMockServer server, CircuitBreakerMaintenance circuits) {
        server.resetAll();
        circuits.resetAll();
    }

    public static String path(String endpoint, String doi) {
        return (endpoint.equals("journal") ? WireMockUpstreams.REGISTRY_PATH : WireMockUpstreams.LOOKUP_PATH) + doi;
    }

    public static void answer(WireMockServer server, String endpoint, String doi, ResponseDefinitionBuilder response) {
        server.stubFor(get(urlPathEqualTo(path(endpoint, doi))).willReturn(response));
    }

    public static void work(WireMockServer server, String doi, String body) {
        answer(server, "journal", doi, json(body));
    }

    public static ResponseDefinitionBuilder json(String body) {
        return aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody(body);
    }

    public static int calls(WireMockServer server, String endpoint, String doi) {
        return server.countRequestsMatching(getRequestedFor(urlPathEqualTo(path(endpoint, doi))).build()).getCount();
    }

    /**
     * Waits until the upstream has received the given number of calls, bounded only against a
     * test that would hang: 10 s ran out at a load average of 8-14.
     */
    public static void awaitCalls(WireMockServer server, String endpoint, String doi, int count) {
        Awaitility.await("upstream calls for " + doi).atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(10))
                .until(() -> calls(server, endpoint, doi) >= count);
    }
}
