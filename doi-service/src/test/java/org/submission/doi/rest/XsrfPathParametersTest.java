package org.submission.doi.rest;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.emptyOrNullString;
import static org.hamcrest.Matchers.in;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreamsAndRecords;
import org.submission.doi.support.Journals;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.Requests;

/**
 * A spelling of the path must not buy a way past a check: path parameters or escapes that still route to the DOI resource do not
 * skip the XSRF check, and an anonymous caller hears 401 first. Every upstream call would answer
 * a real work, so a request that got through would show as a registry call and a journal row.
 */
@QuarkusTest
@WithTestResource(org.submission.platform.testing.EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class XsrfPathParametersTest extends FreshUpstreamsAndRecords {

    /** Fresh for each test, so that no cached answer can stand in for an upstream call. */
    private String doi;

    @BeforeEach
    void everyUpstreamCallWouldSucceed() {
        doi = Fixtures.newDoi();
        upstream.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(Fixtures.work(doi, "Journal of Path Tricks", "print:2049-3630"))));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/doi;x=1/journal", "/doi;/journal", "/%64oi;a/journal", "/doi;x=1/manuscript",
            "/doi/journal;x=1", "/%64oi/journal", "/doi%2Fjournal", "/doi/%6aournal", "/doi/./journal", "/x/../doi/journal"})
    void basicCredentialsWithoutXsrfReachNoUpstreamWhateverThePathSpelling(String path) {
        Requests.as(Requests.BACKEND).urlEncodingEnabled(false)
                .get(path + "?doi=" + doi)
                .then().statusCode(in(List.of(400, 403, 404)))
                .contentType(startsWith("application/json"))
                .body("error", not(emptyOrNullString()));
        assertThat(upstream.getAllServeEvents()).isEmpty();
        assertThat(Journals.all(dataSource)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/doi/journal", "/doi;x=1/journal", "/doi/manuscript"})
    void anAnonymousCallerIsToldToAuthenticateBeforeAnythingAboutXsrf(String path) {
        given().urlEncodingEnabled(false).get(path + "?doi=" + doi)
                .then().statusCode(401)
                .contentType(startsWith("application/json"))
                .body("error", startsWith("Authentication required"));
        assertThat(upstream.getAllServeEvents()).isEmpty();
    }

    @Test
    void theSameRequestWithTheXsrfHeaderIsServed() {
        Requests.backend().urlEncodingEnabled(false)
                .get("/doi;x=1/journal?doi=" + doi)
                .then().statusCode(200);
        assertThat(upstream.getAllServeEvents()).hasSize(1);
        assertThat(Journals.all(dataSource)).hasSize(1);
    }
}
