package org.submission.deploy.images;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The DOI image; its registry is WireMock on loopback with the footprint benchmark's answers. The
 * test that stops the class's container runs last.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DoiServiceImageTest extends ServiceImageTest {

    private static final String SLOW_DOI = "10.5555/slow.1";
    private final WireMockServer registry = startRegistry();

    private static WireMockServer startRegistry() {
        WireMockServer server = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort()
                .usingFilesUnderDirectory(Podman.ROOT.resolve("deploy/bench/footprint/registry").toString()));
        server.start();
        return server;
    }

    @AfterAll
    void stopRegistry() {
        registry.stop();
    }

    @Override
    String service() {
        return "doi-service";
    }

    @Override
    String request(int i) {
        return "/doi/journal?doi=10.5555/footprint." + i;
    }

    @Override
    Map<String, String> settings() {
        String base = "http://127.0.0.1:" + registry.port();
        // the stand-in announces no rate, so the service would keep to the 10 calls a second it allows a
        // registry not heard from yet: the 1,000 lookups would spend 110 s waiting for their turns
        return Map.of("REGISTRY_BASEURI", base + "/works/", "OALOOKUP_BASEURI", base + "/v2/",
                "DOI_SERVICE_MAILTO", "container-test@example.org", "DOI_UPSTREAM_DEFAULT_RATE", "0");
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void podmanStopLetsAnInFlightLookupFinishWith200() throws Exception {
        registry.stubFor(get(urlPathEqualTo("/works/" + SLOW_DOI)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withFixedDelay(3_000)
                .withBody("{\"status\":\"ok\",\"message\":{\"DOI\":\"" + SLOW_DOI + "\",\"type\":\"journal-article\","
                        + "\"container-title\":[\"Journal of Slow Answers\"],\"ISSN\":[\"2049-3630\"]}}")));
        CompletableFuture<HttpResponse<String>> inFlight = HttpClient.newHttpClient()
                .sendAsync(Load.backend(container.uri("/doi/journal?doi=" + SLOW_DOI)).build(), HttpResponse.BodyHandlers.ofString());
        while (registry.findAll(getRequestedFor(urlPathEqualTo("/works/" + SLOW_DOI))).isEmpty()) {
            Thread.sleep(50);
        }

        // the class's container, which the other tests are done with: a second one would cost a start
        long exitCode = container.terminate(30);

        HttpResponse<String> answer = inFlight.get(30, TimeUnit.SECONDS);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        assertThat(answer.body()).contains("Journal of Slow Answers");
        assertThat(exitCode).as("an orderly exit on SIGTERM, not the kill after the timeout").isNotEqualTo(137);
    }
}
