package org.submission.doi.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreams;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.Requests;

/** Authentication, the XSRF double submit and DOI validation happen before any upstream call. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class AccessTest extends FreshUpstreams {

    private static final String VALID = "10.5555/access.1";

    static Stream<Arguments> forgedRequests() {
        Map<String, Supplier<RequestSpecification>> requests = Map.of(
                "no XSRF header or cookie", () -> Requests.as(Requests.BACKEND),
                "XSRF cookie without header", () -> Requests.as(Requests.BACKEND)
                        .cookie("XSRF-TOKEN", "t"),
                "XSRF header without cookie", () -> Requests.as(Requests.BACKEND)
                        .header("X-XSRF-TOKEN", "t"),
                "mismatched XSRF header", () -> Requests.as(Requests.BACKEND)
                        .cookie("XSRF-TOKEN", "t").header("X-XSRF-TOKEN", "u"));
        return Stream.of("journal", "manuscript")
                .flatMap(endpoint -> requests.entrySet().stream().map(e -> Arguments.of(endpoint, e.getKey(), e.getValue())));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("forgedRequests")
    void requestsWithoutAMatchingXsrfHeaderAreForbidden(String endpoint, String what, Supplier<RequestSpecification> request) {
        request.get().queryParam("doi", VALID).get("/doi/" + endpoint).then()
                .statusCode(403).contentType(startsWith("application/json")).body("error", startsWith("Missing or mismatched X-XSRF-TOKEN"));
        assertThat(upstream.getAllServeEvents()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"journal", "manuscript"})
    void requestsWithoutCredentialsAreUnauthorized(String endpoint) {
        Requests.withXsrf(given()).queryParam("doi", VALID).get("/doi/" + endpoint)
                .then().statusCode(401).contentType(startsWith("application/json"));
        given().auth().preemptive().basic("backend", "wrong").cookie("XSRF-TOKEN", "t").header("X-XSRF-TOKEN", "t")
                .queryParam("doi", VALID).get("/doi/" + endpoint).then().statusCode(401);
        assertThat(upstream.getAllServeEvents()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"journal", "manuscript"})
    void aPersonFromTheProxyMayAskToo(String endpoint) {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, endpoint, doi, Upstreams.json(endpoint.equals("journal")
                ? Fixtures.work(doi, Fixtures.ARTICLE_JOURNAL, "print:2049-3630") : Fixtures.text("oa-record.json")));

        Requests.as("someone@example.edu")
                .cookie("XSRF-TOKEN", "t").header("X-XSRF-TOKEN", "t").queryParam("doi", doi).get("/doi/" + endpoint)
                .then().statusCode(200).contentType(startsWith("application/json"));
        assertThat(Upstreams.calls(upstream, endpoint, doi)).isEqualTo(1);
    }

    static Stream<Arguments> invalidDois() {
        return Stream.of("journal", "manuscript").flatMap(endpoint -> Stream.of(
                Arguments.of(endpoint, "moo"), Arguments.of(endpoint, ""), Arguments.of(endpoint, "10.1000/../../members"),
                Arguments.of(endpoint, "10.1000/..;/..;/members"), Arguments.of(endpoint, "10.1000/.;x"),
                Arguments.of(endpoint, "10.1000/a b"), Arguments.of(endpoint, "10.1000/" + "x".repeat(1100)),
                Arguments.of(endpoint, null)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("invalidDois")
    void anInvalidDoiIsABadRequestWithoutUpstreamCall(String endpoint, String doi) {
        RequestSpecification request = Requests.backend();
        if (doi != null) {
            request.queryParam("doi", doi);
        }
        request.get("/doi/" + endpoint).then().statusCode(400).contentType(startsWith("application/json"))
                .body(equalTo("{\"error\":\"Supplied DOI is not in valid DOI format.\"}"));
        assertThat(upstream.getAllServeEvents()).isEmpty();
    }
}
