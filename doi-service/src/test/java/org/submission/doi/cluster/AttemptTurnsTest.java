package org.submission.doi.cluster;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.doi.support.Fixtures.ARTICLE_JOURNAL;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreams;
import org.submission.doi.support.RateRule;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;

/** Every attempt at an upstream call takes a turn of its own under the announced rate, the retry too, so that retries never exceed what the upstream allows. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class AttemptTurnsTest extends FreshUpstreams {

    private final ExecutorService clients = Executors.newFixedThreadPool(4);

    @AfterEach
    void stopClients() {
        clients.shutdownNow();
    }

    @Test
    void retriesOfFailedFirstAttemptsNeverTakeTheUpstreamOverItsAnnouncedRate() {
        String primer = Fixtures.newDoi();
        Upstreams.answer(upstream, "journal", primer, announcing(Upstreams.json(work(primer))));
        Api.journal(primer).then().statusCode(200);
        List<String> dois = List.of(Fixtures.newDoi(), Fixtures.newDoi());
        dois.forEach(this::failsOnceThenAnswers);

        List<Response> answers = dois.stream().map(doi -> CompletableFuture.supplyAsync(() -> Api.journal(doi), clients))
                .toList().stream().map(CompletableFuture::join).toList();

        assertThat(answers).extracting(Response::statusCode).containsOnly(200);
        List<Long> received = RateRule.received(upstream);
        assertThat(received).as("the primer, and two attempts per DOI").hasSize(5);
        RateRule.assertNeverMoreThan(received, 2, Duration.ofSeconds(1));
    }

    /** The first attempt answers 500 (retried), the second the work; both announce 2 calls per second. */
    private void failsOnceThenAnswers(String doi) {
        String path = Upstreams.path("journal", doi);
        upstream.stubFor(get(urlPathEqualTo(path)).inScenario(doi).whenScenarioStateIs(STARTED)
                .willReturn(announcing(aResponse().withStatus(500))).willSetStateTo("failed once"));
        upstream.stubFor(get(urlPathEqualTo(path)).inScenario(doi).whenScenarioStateIs("failed once")
                .willReturn(announcing(Upstreams.json(work(doi)))));
    }

    private static ResponseDefinitionBuilder announcing(ResponseDefinitionBuilder answer) {
        return answer.withHeader("X-Rate-Limit-Limit", "2").withHeader("X-Rate-Limit-Interval", "1s");
    }

    private static String work(String doi) {
        return Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630");
    }
}
