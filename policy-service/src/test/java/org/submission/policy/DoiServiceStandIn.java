package org.submission.policy;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.http.Fault;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.Map;

/**
 * The DOI service on loopback: WireMock answering its {@code /doi/manuscript} and {@code /doi/registry}
 * as the tests stub them, injected into the test's {@link WireMockServer} field.
 */
public class DoiServiceStandIn implements QuarkusTestResourceLifecycleManager {

    /** The stand-in with a deadline no busy build machine reaches, for tests about the verdict, not the deadline. */
    public static class Patient extends DoiServiceStandIn {
        @Override
        protected Map<String, String> settings(String url) {
            Map<String, String> settings = new HashMap<>(super.settings(url));
            settings.put("policy.doi.deadline", "30s");
            return settings;
        }
    }

    private WireMockServer server;

    /** {@code /doi/registry} answers {@code body} (the DOI service's answer), after {@code delayMillis}. */
    public static void answersRegistry(WireMockServer doiService, String body, int delayMillis) {
        doiService.stubFor(get(urlPathEqualTo("/doi/registry")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(body).withFixedDelay(delayMillis)));
    }

    /** {@code /doi/registry} resets every connection: the DOI service is down. */
    public static void registryDown(WireMockServer doiService) {
        doiService.stubFor(get(urlPathEqualTo("/doi/registry")).willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
    }

    /** Loopback, any free port. */
    protected WireMockConfiguration options() {
        return WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort();
    }

    /** The policy service's settings for the stand-in at {@code url}. */
    protected Map<String, String> settings(String url) {
        return Map.of("policy.doi.url", url, "policy.doi.user", "policy",
                "policy.doi.password", "policy-secret", "policy.doi.deadline", "1s",
                "policy.doi.breaker-request-volume", "1000");
    }

    @Override
    public Map<String, String> start() {
        server = new WireMockServer(options());
        server.start();
        return settings("http://127.0.0.1:" + server.port());
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(server, new TestInjector.MatchesType(WireMockServer.class));
    }

    @Override
    public void stop() {
        server.stop();
    }
}
