package org.submission.doi.rest;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreams;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;

@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class ManuscriptEndpointTest extends FreshUpstreams {

    private static final int CONCURRENT = 10;

    @Test
    void answersTheOpenAccessLocationsWithAPdfBestFirst() {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, "manuscript", doi, Upstreams.json(Fixtures.text("oa-record.json")));

        String body = Api.manuscript("doi:" + doi).then().statusCode(200).contentType("application/json").extract().asString();

        assertThat(body).isEqualTo("{\"manuscripts\":["
                + "{\"url\":\"https://scholarship.example.edu/bitstream/handle/1774.2/5512/Accepted%20Manuscript.pdf?sequence=1\","
                + "\"repositoryLabel\":\"Example University - Example Scholarship\",\"type\":\"application/pdf\","
                + "\"source\":\"Unpaywall\",\"name\":\"Accepted Manuscript.pdf\",\"isBest\":true,"
                + "\"version\":\"acceptedVersion\",\"hostType\":\"repository\",\"license\":null,"
                + "\"landingPageUrl\":\"https://scholarship.example.edu/handle/1774.2/5512\",\"oaDate\":null},"
                + "{\"url\":\"https://europepmc.example.org/articles/pmc9990412?pdf=render\","
                + "\"repositoryLabel\":\"PubMed Central - Europe PMC\",\"type\":\"application/pdf\","
                + "\"source\":\"Unpaywall\",\"name\":\"pmc9990412\",\"isBest\":false,"
                + "\"version\":\"acceptedVersion\",\"hostType\":\"repository\",\"license\":\"cc-by\","
                + "\"landingPageUrl\":\"https://europepmc.example.org/articles/pmc9990412\",\"oaDate\":\"2023-07-01\"}],"
                + "\"oaStatus\":\"green\",\"publishedDate\":\"2023-06-02\"}");
    }

    @Test
    void dropsLocationsWithoutAWebPdfAddressAndAnswersLabelsAsPlainText() {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, "manuscript", doi, Upstreams.json("""
                {"oa_locations": [
                  {"url_for_pdf": "javascript:alert(1)", "is_best": true},
                  {"url_for_pdf": "data:application/pdf;base64,JVBERi0="},
                  {"url_for_pdf": "/files/paper.pdf"},
                  {"url_for_pdf": "https://x.example.org/paper.pdf",
                   "repository_institution": "<b>Example</b> Archive<script>alert(1)</script>"}
                ]}"""));

        String body = Api.manuscript(doi).then().statusCode(200).extract().asString();

        assertThat(body).isEqualTo("{\"manuscripts\":[{\"url\":\"https://x.example.org/paper.pdf\","
                + "\"repositoryLabel\":\"Example Archive\",\"type\":\"application/pdf\",\"source\":\"Unpaywall\","
                + "\"name\":\"paper.pdf\",\"isBest\":false,\"version\":null,\"hostType\":null,\"license\":null,"
                + "\"landingPageUrl\":null,\"oaDate\":null}],\"oaStatus\":null,\"publishedDate\":null}");
    }

    /** DOIs are case-insensitive in ASCII only: the Kelvin sign (U+212A) is not a k. */
    @Test
    void aDoiWithTheKelvinSignIsNotAnsweredWithItsAsciiLookalikesRecord() {
        String base = Fixtures.newDoi();
        upstream.stubFor(get(urlPathMatching(WireMockUpstreams.LOOKUP_PATH + Pattern.quote(base) + "/(%E2%84%AA|\u212A)elvin"))
                .willReturn(Upstreams.json("{\"oa_status\": \"gold\", \"oa_locations\": []}")));
        upstream.stubFor(get(urlPathMatching(WireMockUpstreams.LOOKUP_PATH + Pattern.quote(base) + "/kelvin"))
                .willReturn(Upstreams.json("{\"oa_status\": \"green\", \"oa_locations\": []}")));

        String kelvinSign = Api.manuscript(base + "/\u212Aelvin").then().statusCode(200).extract().jsonPath().getString("oaStatus");
        String ascii = Api.manuscript(base + "/kelvin").then().statusCode(200).extract().jsonPath().getString("oaStatus");

        assertThat(kelvinSign).isEqualTo("gold");
        assertThat(ascii).isEqualTo("green");
    }

    @Test
    void reusesTheLookupAnswerForTheSameDoiInAnyCase() {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, "manuscript", doi, Upstreams.json(Fixtures.text("oa-record.json")));

        String first = Api.manuscript(doi).then().statusCode(200).extract().asString();
        String second = Api.manuscript(doi.toUpperCase()).then().statusCode(200).extract().asString();

        assertThat(second).isEqualTo(first);
        assertThat(Upstreams.calls(upstream, "manuscript", doi)).isEqualTo(1);
    }

    @Test
    void concurrentIdenticalLookupsShareOneUpstreamCall() {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, "manuscript", doi, Upstreams.json(Fixtures.text("oa-record.json")).withFixedDelay(2_000));
        ExecutorService clients = Executors.newFixedThreadPool(CONCURRENT);
        try {
            CompletableFuture<Response> first = CompletableFuture.supplyAsync(() -> Api.manuscript(doi), clients);
            Upstreams.awaitCalls(upstream, "manuscript", doi, 1);
            List<CompletableFuture<Response>> others = Stream.generate(() -> CompletableFuture.supplyAsync(
                    () -> Api.manuscript(doi.toUpperCase()), clients)).limit(CONCURRENT - 1).toList();

            String answer = first.join().then().statusCode(200).extract().asString();
            others.forEach(request -> assertThat(request.join().then().statusCode(200).extract().asString()).isEqualTo(answer));
            assertThat(Upstreams.calls(upstream, "manuscript", doi)).isEqualTo(1);
        } finally {
            clients.shutdownNow();
        }
    }

    /**
     * Upstream connections are reused, and one is closed only while its answer is unfinished. The
     * former REST client's streamed reader closed its connection after every body, sometimes once
     * the pool had handed it to the next call: "Connection was closed", a 502 for about 2 in 100.
     */
    @Test
    void aThousandLookupsEightAtATimeAllAnswer() {
        upstream.stubFor(get(urlPathMatching(WireMockUpstreams.LOOKUP_PATH + ".*"))
                .willReturn(Upstreams.json(Fixtures.text("oa-record.json"))));
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try {
            List<CompletableFuture<Integer>> statuses = Stream.generate(() -> CompletableFuture.supplyAsync(
                    () -> Api.manuscript(Fixtures.newDoi()).statusCode(), clients)).limit(1_000).toList();

            assertThat(statuses.stream().map(CompletableFuture::join).toList()).hasSize(1_000).containsOnly(200);
        } finally {
            clients.shutdownNow();
        }
    }

    @Test
    void reusesTheRegistryAnswerButStillFindsTheJournalEachTime() {
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, "Cached Journal", "print:3333-3333"));

        Api.journal(doi).then().statusCode(200);
        Api.journal(doi).then().statusCode(200);

        assertThat(Upstreams.calls(upstream, "journal", doi)).isEqualTo(1);
    }
}
