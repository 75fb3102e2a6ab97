package org.submission.policy.doi;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.policy.PolicyTestDatabase;

/**
 * The DOI service client against WireMock on loopback answering {@code /doi/manuscript}: what it
 * sends, the bound on what it reads, which answers count towards its breaker, and its metrics.
 */
@QuarkusTest
@WithTestResource(PolicyTestDatabase.class)
@WithTestResource(DoiServiceClientTest.DoiServiceStandIn.class)
class DoiServiceClientTest {

    /** The DOI service on loopback, a small answer bound and a breaker judging four calls. */
    public static class DoiServiceStandIn extends org.submission.policy.DoiServiceStandIn {
        @Override
        protected Map<String, String> settings(String url) {
            return Map.of("policy.doi.url", url, "policy.doi.user", "policy",
                    "policy.doi.password", "policy-secret", "policy.doi.max-answer-bytes", String.valueOf(BOUND),
                    "policy.doi.breaker-request-volume", String.valueOf(VOLUME));
        }
    }

    private static final int BOUND = 1024;
    private static final int VOLUME = 4;
    /** More than the REST client's default pool, let alone this one's ({@code POLICY_DOI_CONCURRENCY}). */
    private static final int REFUSALS = 60;
    private static final String LIST = "{\"manuscripts\": [{\"url\": \"https://pmc.ncbi.nlm.nih.gov/articles/PMC123/\","
            + " \"version\": \"acceptedVersion\", \"license\": \"cc-by\", \"oaDate\": \"2025-09-01\"}], \"publishedDate\": \"2025-09-01\"}";
    /** A DOI with every character a query parameter must escape. */
    private static final String SICI = "10.1002/(SICI)1097-4636(199812)43:4<359::AID-JBM3>3.0.CO;2-L&x=+ y#z";

    WireMockServer doiService;

    @Inject
    DoiServiceClient client;

    @Inject
    CircuitBreakerMaintenance breakers;

    @Inject
    MeterRegistry registry;

    @BeforeEach
    void resetDoiServiceAndBreaker() {
        doiService.resetAll();
        breakers.resetAll();
    }

    private void answers(ResponseDefinitionBuilder answer) {
        doiService.stubFor(get(urlPathEqualTo("/doi/manuscript")).willReturn(answer));
    }

    private static ResponseDefinitionBuilder json(String body) {
        return aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody(body);
    }

    private OpenCopies copies(String doi) {
        return client.copies("ada@elsewhere.org", doi).await().atMost(Duration.ofSeconds(30));
    }

    private long calls(String outcome) {
        Timer timer = registry.find("policy.doi.calls").tag("outcome", outcome).timer();
        return timer == null ? 0 : timer.count();
    }

    @Test
    void theBackendAccountAndTheXsrfPairGoWithEveryCall() {
        answers(json(LIST));
        copies("10.1234/after");
        LoggedRequest sent = doiService.getAllServeEvents().get(0).getRequest();
        assertThat(sent.getHeader("Authorization"))
                .isEqualTo("Basic " + Base64.getEncoder().encodeToString("policy:policy-secret".getBytes(StandardCharsets.UTF_8)));
        assertThat(sent.getHeader("X-XSRF-TOKEN")).isEqualTo("policy-service");
        assertThat(sent.getHeader("Cookie")).isEqualTo("XSRF-TOKEN=policy-service");
        assertThat(sent.getHeader("Accept")).isEqualTo("application/json");
    }

    @Test
    void theDoiArrivesAsWritten() {
        answers(json(LIST));
        assertThat(copies(SICI).manuscripts()).extracting(OpenCopies.Copy::license).containsExactly("cc-by");
        assertThat(doiService.getAllServeEvents().get(0).getRequest().queryParameter("doi").values()).containsExactly(SICI);
    }

    @Test
    void anAnswerLargerThanTheBoundFailsTheCall() {
        answers(json(LIST.replace("cc-by", "x".repeat(BOUND))));
        assertThatThrownBy(() -> copies("10.1234/after")).isInstanceOf(DoiServiceClient.Unavailable.class)
                .hasMessage("the DOI service's answer is larger than " + BOUND + " bytes");
    }

    @Test
    void anAnswerThatIsNotTheListFailsTheCall() {
        answers(json("<html>a proxy's page</html>"));
        assertThatThrownBy(() -> copies("10.1234/after")).isInstanceOf(DoiServiceClient.Unavailable.class)
                .hasMessage("the DOI service's answer is not the manuscript list");
    }

    @Test
    void anEmptyAnswerIsNotTheList() {
        answers(json(""));
        assertThatThrownBy(() -> copies("10.1234/after")).isInstanceOf(DoiServiceClient.Unavailable.class)
                .hasMessage("the DOI service's answer is not the manuscript list");
    }

    @Test
    void aSuccessOtherThan200IsNoAnswer() {
        answers(aResponse().withStatus(204));
        assertThatThrownBy(() -> copies("10.1234/after")).isInstanceOf(DoiServiceClient.Unavailable.class)
                .hasMessage("the DOI service answered 204");
    }

    @Test
    void refusedCredentialsOpenTheBreaker() {
        answers(aResponse().withStatus(401).withHeader("Content-Type", "application/json").withBody("{\"status\": 401}"));
        for (int i = 0; i < VOLUME; i++) {
            assertThatThrownBy(() -> copies("10.1234/after")).hasMessage("the DOI service answered 401");
        }
        assertThatThrownBy(() -> copies("10.1234/after")).hasMessage("the DOI service is failing (breaker open)");
        assertThat(doiService.getAllServeEvents()).hasSize(VOLUME);
    }

    @Test
    void refusalsWithABodyLeaveNoConnectionHeld() {
        answers(aResponse().withStatus(404).withHeader("Content-Type", "application/json").withBody("x".repeat(4 * BOUND)));
        for (int i = 0; i < REFUSALS; i++) {
            assertThatThrownBy(() -> copies("10.1234/gone")).hasMessage("the DOI service answered 404");
        }
        answers(json(LIST));
        assertThat(copies("10.1234/after").publishedDate()).isEqualTo("2025-09-01");
    }

    @Test
    void eachCallIsTimedWithItsOutcome() {
        long refused = calls("refused_request");
        long ok = calls("ok");
        answers(aResponse().withStatus(404));
        assertThatThrownBy(() -> copies("10.1234/gone")).hasMessage("the DOI service answered 404");
        answers(json(LIST));
        copies("10.1234/after");
        assertThat(calls("refused_request")).isEqualTo(refused + 1);
        assertThat(calls("ok")).isEqualTo(ok + 1);
    }
}
