package org.submission.doi.upstream;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreamsAndRecords;
import org.submission.doi.support.Journals;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;

/** Upstream answers meant to make the service fetch elsewhere or hold too much: each is a 502 without side effect. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class HostileUpstreamTest extends FreshUpstreamsAndRecords {

    /** The test configuration lowers the cap to 512 KiB. */
    private static final int CAP = 512 * 1024;
    private static final String ELSEWHERE = "/internal";

    record Row(String endpoint, String hostileAnswer, String message) {
        @Override
        public String toString() {
            return endpoint + ": " + hostileAnswer;
        }
    }

    static Stream<Row> hostileAnswers() {
        return Stream.of("journal", "manuscript").flatMap(endpoint -> Stream.of(
                new Row(endpoint, "redirect", name(endpoint) + " answered HTTP 302 (a redirect, not followed) for DOI %s."),
                new Row(endpoint, "body 3 MB over the cap", name(endpoint) + " sent an answer for DOI %s larger than "
                        + CAP + " bytes."),
                new Row(endpoint, "chunked body 3 MB over the cap", name(endpoint) + " sent an answer for DOI %s larger than "
                        + CAP + " bytes.")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileAnswers")
    void aHostileAnswerIsA502WithoutSideEffect(Row row) {
        String doi = Fixtures.newDoi();
        upstream.stubFor(get(urlPathEqualTo(ELSEWHERE)).willReturn(Upstreams.json(answerFor(row.endpoint(), doi))));
        ResponseDefinitionBuilder oversized = Upstreams.json(padded(answerFor(row.endpoint(), doi), CAP + 3 * 1024 * 1024));
        Upstreams.answer(upstream, row.endpoint(), doi, switch (row.hostileAnswer()) {
            case "redirect" -> aResponse().withStatus(302).withHeader("Location", "http://127.0.0.1:" + upstream.port() + ELSEWHERE);
            // no Content-Length: the cap is only known to be passed as the chunks arrive
            case "chunked body 3 MB over the cap" -> oversized.withChunkedDribbleDelay(64, 200);
            default -> oversized;
        });

        Response answer = Api.endpoint(row.endpoint(), doi);

        assertThat(answer.statusCode()).isEqualTo(502);
        assertThat(answer.jsonPath().getString("error")).isEqualTo(row.message().formatted(doi));
        assertThat(Upstreams.calls(upstream, row.endpoint(), doi)).isEqualTo(1);
        upstream.verify(0, getRequestedFor(urlPathEqualTo(ELSEWHERE)));
        assertThat(Journals.all(dataSource)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"journal", "manuscript"})
    void aBodyExactlyAtTheCapIsServed(String endpoint) {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, endpoint, doi, Upstreams.json(padded(answerFor(endpoint, doi), CAP)));

        Response answer = Api.endpoint(endpoint, doi);

        assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(200);
    }

    /** The answer with a padding member that brings it to the given size in UTF-8 bytes. */
    private static String padded(String answer, int bytes) {
        ObjectNode object = (ObjectNode) Fixtures.parse(answer);
        object.put("padding", "");
        return object.put("padding", "x".repeat(bytes - object.toString().getBytes(StandardCharsets.UTF_8).length)).toString();
    }

    private static String answerFor(String endpoint, String doi) {
        return endpoint.equals("journal") ? Fixtures.work(doi, Fixtures.ARTICLE_JOURNAL, "print:2049-3630")
                : Fixtures.text("oa-record.json");
    }

    private static String name(String endpoint) {
        return endpoint.equals("journal") ? "Crossref" : "Unpaywall";
    }
}
