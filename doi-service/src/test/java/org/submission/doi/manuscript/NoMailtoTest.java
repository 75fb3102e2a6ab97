package org.submission.doi.manuscript;

import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreams;
import org.submission.doi.support.Traces;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;

/**
 * Without DOI_SERVICE_MAILTO the lookup service, which refuses calls without an email, is never
 * called; a blank one is no address, for both upstreams and the User-Agent alike ({@link Traces.SdkOnWithoutMailto}).
 */
@QuarkusTest
@TestProfile(Traces.SdkOnWithoutMailto.class)
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class NoMailtoTest extends FreshUpstreams {

    @Test
    void theManuscriptEndpointAnswers503NamingTheVariableWithoutCalling() {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, "manuscript", doi, Upstreams.json(Fixtures.text("oa-record.json")));

        Response answer = Api.manuscript(doi);

        assertThat(answer.statusCode()).isEqualTo(503);
        assertThat(answer.contentType()).startsWith("application/json");
        assertThat(answer.jsonPath().getString("error")).contains("DOI_SERVICE_MAILTO");
        assertThat(Upstreams.calls(upstream, "manuscript", doi)).isZero();
    }

    @Test
    void readinessSaysWhyTheLookupServiceIsNotCalledWithoutFailing() {
        given().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'upstreams' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'upstreams' }.data.Unpaywall", containsString("DOI_SERVICE_MAILTO is not set"));
    }

    @Test
    void theRegistryIsStillCalledWithoutAMailtoParameterOrUserAgentAddress() {
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, Fixtures.ARTICLE_JOURNAL, "print:2049-3630"));

        Response answer = Api.journal(doi);
        assertThat(answer.statusCode()).as(answer.body().asString()).isEqualTo(200);

        LoggedRequest call = upstream.findAll(getRequestedFor(urlPathEqualTo(Upstreams.path("journal", doi)))).get(0);
        assertThat(call.getUrl()).doesNotContain("mailto");
        assertThat(call.getHeader("User-Agent")).doesNotContain("mailto").doesNotEndWith(" ");
    }
}
