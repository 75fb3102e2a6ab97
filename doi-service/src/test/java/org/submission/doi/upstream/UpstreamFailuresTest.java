package org.submission.doi.upstream;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.matching;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.Fault;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.stream.Stream;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreams;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;

/** The table of answers to upstream outcomes (doi-service/README.md, "The `doi` parameter and the answers"), row by row, for both endpoints. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class UpstreamFailuresTest extends FreshUpstreams {

    record Row(String endpoint, String upstreamAnswer, ResponseDefinitionBuilder stub, int status, String message,
               String retryAfter, int upstreamCalls) {
        @Override
        public String toString() {
            return endpoint + ": " + upstreamAnswer + " -> " + status;
        }
    }

    static Stream<Row> table() {
        return Stream.of("journal", "manuscript").flatMap(endpoint -> {
            String name = endpoint.equals("journal") ? "Crossref" : "Unpaywall";
            return Stream.of(
                    new Row(endpoint, "500, retried once", aResponse().withStatus(500).withBody("secret upstream detail"),
                            502, name + " answered HTTP 500 for DOI %s.", null, 2),
                    new Row(endpoint, "503, retried once", aResponse().withStatus(503),
                            502, name + " answered HTTP 503 for DOI %s.", null, 2),
                    new Row(endpoint, "400, not retried", aResponse().withStatus(400).withBody("bad"),
                            502, name + " answered HTTP 400 for DOI %s.", null, 1),
                    new Row(endpoint, "403, not retried", aResponse().withStatus(403),
                            502, name + " answered HTTP 403 for DOI %s.", null, 1),
                    new Row(endpoint, "429 with Retry-After", aResponse().withStatus(429).withHeader("Retry-After", "7"),
                            503, name + " is limiting the request rate. Try again later.", "7", 1),
                    new Row(endpoint, "429 without Retry-After", aResponse().withStatus(429),
                            503, name + " is limiting the request rate. Try again later.", "5", 1),
                    new Row(endpoint, "connection reset, retried once", aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER),
                            502, name + " could not be reached for DOI %s.", null, 2),
                    new Row(endpoint, "empty response, retried once", aResponse().withFault(Fault.EMPTY_RESPONSE),
                            502, name + " could not be reached for DOI %s.", null, 2),
                    new Row(endpoint, "body not JSON", aResponse().withStatus(200).withBody("This is not JSON"),
                            502, name + " sent an answer for DOI %s that is not a usable JSON object.", null, 1),
                    new Row(endpoint, "JSON but not an object", Upstreams.json("[1, 2]"),
                            502, name + " sent an answer for DOI %s that is not a usable JSON object.", null, 1),
                    new Row(endpoint, "JSON with trailing garbage", Upstreams.json("{\"a\": 1} trailing"),
                            502, name + " sent an answer for DOI %s that is not a usable JSON object.", null, 1),
                    new Row(endpoint, "empty body", aResponse().withStatus(200),
                            502, name + " sent an answer for DOI %s that is not a usable JSON object.", null, 1),
                    new Row(endpoint, "slower than the deadline", Upstreams.json("{}").withFixedDelay(8_000),
                            504, name + " did not answer in time for DOI %s.", null, 1));
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void mapsTheUpstreamOutcome(Row row) {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, row.endpoint(), doi, row.stub());

        Response answer = Api.endpoint(row.endpoint(), doi);

        assertThat(answer.statusCode()).isEqualTo(row.status());
        assertThat(answer.contentType()).startsWith("application/json");
        assertThat(answer.jsonPath().getString("error")).isEqualTo(row.message().formatted(doi));
        assertThat(answer.header("Retry-After")).isEqualTo(row.retryAfter());
        assertThat(Upstreams.calls(upstream, row.endpoint(), doi)).isEqualTo(row.upstreamCalls());
    }

    @Test
    void aDoiUnknownToTheLookupServiceHasNoManuscripts() {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, "manuscript", doi, aResponse().withStatus(404).withBody("{\"error\": true}"));

        Api.manuscript(doi).then().statusCode(200).body(Matchers.equalTo("{\"manuscripts\":[],\"oaStatus\":null,\"publishedDate\":null}"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"journal", "manuscript"})
    void anOpenCircuitAnswersAtOnceWithoutCallingTheUpstream(String endpoint) {
        String failing = Fixtures.newDoi();
        Upstreams.answer(upstream, endpoint, failing, aResponse().withStatus(500));
        for (int i = 0; i < 4; i++) {
            Api.endpoint(endpoint, failing).then().statusCode(502);
        }
        String healthy = Fixtures.newDoi();
        Upstreams.answer(upstream, endpoint, healthy, Upstreams.json(Fixtures.text("oa-record.json")));

        Response answer = Api.endpoint(endpoint, healthy);

        assertThat(answer.statusCode()).isEqualTo(503);
        assertThat(answer.header("Retry-After")).isEqualTo("60");
        assertThat(answer.jsonPath().getString("error")).contains("requests to it are paused");
        assertThat(Upstreams.calls(upstream, endpoint, healthy)).isZero();
    }

    @Test
    void theRegistryCallCarriesTheUserAgentTheMailtoAndAnEncodedPath() {
        String doi = "10.5555/a<b>[c]é#d";
        upstream.stubFor(get(urlEqualTo("/works/10.5555/a%3Cb%3E%5Bc%5D%C3%A9%23d?mailto=pass-test%40example.org"))
                .willReturn(Upstreams.json(Fixtures.work(doi, "J", "print:1111-1111"))));

        Api.journal(doi).then().statusCode(200);

        upstream.verify(1, getRequestedFor(urlEqualTo("/works/10.5555/a%3Cb%3E%5Bc%5D%C3%A9%23d?mailto=pass-test%40example.org"))
                .withoutHeader("Crossref-Plus-API-Token")
                .withHeader("User-Agent", matching(
                        "doi-service/\\S+ \\(mailto:pass-test@example\\.org\\)")));
    }

    @Test
    void theLookupCallCarriesTheUserAgentTheEmailAndAnEncodedPath() {
        upstream.stubFor(get(urlPathEqualTo("/v2/10.5555/x%25z"))
                .willReturn(Upstreams.json("{}")));

        Api.manuscript("10.5555/x%z").then().statusCode(200);

        upstream.verify(1, getRequestedFor(urlPathEqualTo("/v2/10.5555/x%25z"))
                .withQueryParam("email", equalTo("pass-test@example.org"))
                .withHeader("User-Agent", matching(
                        "doi-service/\\S+ \\(mailto:pass-test@example\\.org\\)")));
    }
}
