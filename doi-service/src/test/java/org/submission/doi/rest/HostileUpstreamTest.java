package org.submission.doi.rest;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.Journals;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.shared.testing.EmbeddedPostgresResource;
import org.submission.shared.testing.TestData;

/** Upstream answers meant to make the service fetch elsewhere or hold too much: each is a 502 without side effect. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class HostileUpstreamTest {

    /** The test configuration lowers the cap to 512 KiB. */
    private static final int CAP = 512 * 1024;
    private static final String ELSEWHERE = "/internal";

    @WireMockUpstreams.Server
    WireMockServer upstream;

    @Inject
    CircuitBreakerMaintenance circuits;

    @Inject
    DataSource dataSource;

    @BeforeEach
    void reset() {
        Upstreams.reset(upstream, circuits);
        TestData.clear(dataSource);
    }

    @ParameterizedTest
    @ValueSource(strings = {"journal", "manuscript"})
    void aRedirectIsA502AndItsTargetIsNeverFetched(String endpoint) {
        String doi = Fixtures.newDoi();
        upstream.stubFor(get(urlPathEqualTo(ELSEWHERE))
                .willReturn(Upstreams.json(answerFor(endpoint, doi))));
        Upstreams.answer(upstream, endpoint, doi, aResponse().withStatus(302)
                .withHeader("Location", "http://127.0.0.1:" + upstream.port() + ELSEWHERE));

        Response answer = Api.endpoint(endpoint, doi);

        assertThat(answer.statusCode()).isEqualTo(502);
        assertThat(answer.jsonPath().getString("error"))
                .isEqualTo(name(endpoint) + " answered HTTP 302 (a redirect, not followed) for DOI " + doi + ".");
        upstream.verify(0, getRequestedFor(urlPathEqualTo(ELSEWHERE)));
        assertThat(Upstreams.calls(upstream, endpoint, doi)).isEqualTo(1);
        assertThat(Journals.all(dataSource)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"journal", "manuscript"})
    void aBodyOverTheCapIsA502(String endpoint) {
        String doi = Fixtures.newDoi();
        ObjectNode huge = (ObjectNode) Fixtures.parse(answerFor(endpoint, doi));
        huge.put("padding", "x".repeat(3 * 1024 * 1024));
        Upstreams.answer(upstream, endpoint, doi, Upstreams.json(huge.toString()));

        Response answer = Api.endpoint(endpoint, doi);

        assertThat(answer.statusCode()).isEqualTo(502);
        assertThat(answer.jsonPath().getString("error"))
                .isEqualTo(name(endpoint) + " sent an answer for DOI " + doi + " larger than " + CAP + " bytes.");
        assertThat(Upstreams.calls(upstream, endpoint, doi)).isEqualTo(1);
        assertThat(Journals.all(dataSource)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"journal", "manuscript"})
    void aBodyJustUnderTheCapIsServed(String endpoint) {
        String doi = Fixtures.newDoi();
        ObjectNode large = (ObjectNode) Fixtures.parse(answerFor(endpoint, doi));
        large.put("padding", "");
        large.put("padding", "x".repeat(CAP - large.toString().getBytes(StandardCharsets.UTF_8).length));
        Upstreams.answer(upstream, endpoint, doi, Upstreams.json(large.toString()));

        Response answer = Api.endpoint(endpoint, doi);

        assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(200);
    }

    private static String answerFor(String endpoint, String doi) {
        return endpoint.equals("journal") ? Fixtures.work(doi, Fixtures.ARTICLE_JOURNAL, "print:2049-3630")
                : Fixtures.text("oa-record.json");
    }

    private static String name(String endpoint) {
        return endpoint.equals("journal") ? "Crossref" : "Unpaywall";
    }
}
