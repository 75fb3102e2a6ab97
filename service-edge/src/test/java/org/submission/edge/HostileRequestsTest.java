package org.submission.edge;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.platform.error.ErrorMessages;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.RawHttp;
import org.submission.platform.testing.Requests;

/**
 * Requests the HTTP layer refuses before any resource runs: each answer is JSON
 * {@code {"error": …}} a person can act on, and carries {@code X-Content-Type-Options: nosniff}.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class HostileRequestsTest {

    static Stream<Arguments> refusedByTheHttpLayer() {
        return Stream.of(
                Arguments.of("body over the limit", 413, "body is too large",
                        (Supplier<Response>) () -> Requests.backend().body("x".repeat(2 * 1024 * 1024)).post("/probe")),
                Arguments.of("URI over the limit", 414, "URL is too long",
                        (Supplier<Response>) () -> given().get("/probe/open?q=" + "a".repeat(5000))),
                Arguments.of("headers over the limit", 431, "headers are too large",
                        (Supplier<Response>) () -> given().header("X-Filler", "h".repeat(25_000)).get("/probe/open")),
                Arguments.of("unknown path", 404, "No resource at /no/such/thing",
                        (Supplier<Response>) () -> given().get("/no/such/thing")),
                Arguments.of("wrong method", 405, "Method DELETE is not allowed",
                        (Supplier<Response>) () -> Requests.backend().delete("/probe")),
                Arguments.of("a method HTTP defines that no service serves", 405, "Method PUT is not allowed",
                        (Supplier<Response>) () -> Requests.backend().put("/probe/open")),
                Arguments.of("an invented method, its name not echoed", 501, "services serve GET, HEAD, POST and OPTIONS",
                        (Supplier<Response>) () -> given().request("BREW", "/probe/open")));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @MethodSource("refusedByTheHttpLayer")
    void isAnsweredWithAJsonErrorAPersonCanActOn(String what, int status, String message, Supplier<Response> request) {
        request.get().then().statusCode(status)
                .contentType(startsWith("application/json"))
                .header("X-Content-Type-Options", "nosniff")
                .body("error", containsString(message));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/probe/open?entityIds=%ZZ", "/probe/open?entityIds=%E0%A4%A", "/probe/%ZZ", "/doi/probe?doi=%"})
    void aMalformedEscapeIsABadRequestInJson(String target) {
        String answer = RawHttp.get(target);
        assertThat(answer).startsWith("HTTP/1.1 400 ")
                .containsIgnoringCase("content-type: application/json")
                .containsIgnoringCase("x-content-type-options: nosniff")
                .endsWith("{\"error\":\"" + ErrorMessages.forStatus(400) + "\"}");
    }

    static Stream<Arguments> repeatedIdentityHeaders() {
        return Stream.of(
                Arguments.of("Authorization", (Supplier<RequestSpecification>) () -> given()
                        .header("Authorization", "Basic YmFja2VuZDpiYWNrZW5kLXNlY3JldA==")
                        .header("Authorization", "Basic bWFsbG9yeTp4")),
                Arguments.of("Eppn", (Supplier<RequestSpecification>) () -> given().header("X-Proxy-Secret", "proxy-secret")
                        .header("Eppn", "alice@example.edu").header("Eppn", "olga@elsewhere.org")),
                Arguments.of("Affiliation", (Supplier<RequestSpecification>) () -> given().header("X-Proxy-Secret", "proxy-secret")
                        .header("Eppn", "olga@elsewhere.org")
                        .header("Affiliation", "elsewhere.org").header("Affiliation", "FACULTY@example.edu")),
                Arguments.of("X-Proxy-Secret", (Supplier<RequestSpecification>) () -> given().header("Eppn", "alice@example.edu")
                        .header("X-Proxy-Secret", "proxy-secret").header("X-Proxy-Secret", "guess")));
    }

    @ParameterizedTest(name = "{0} twice")
    @MethodSource("repeatedIdentityHeaders")
    void aRepeatedIdentityOrSecretHeaderIsABadRequest(String header, Supplier<RequestSpecification> request) {
        request.get().get("/probe").then().statusCode(400)
                .contentType(startsWith("application/json"))
                .body("error", equalTo("Header " + header + " appears more than once: send it once."));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("answersOfEveryKind")
    void everyAnswerForbidsContentSniffing(String what, int status, Supplier<Response> request) {
        request.get().then().statusCode(status).header("X-Content-Type-Options", "nosniff");
    }

    static Stream<Arguments> answersOfEveryKind() {
        return Stream.of(
                Arguments.of("200", 200, (Supplier<Response>) () -> given().get("/probe/open")),
                Arguments.of("401", 401, (Supplier<Response>) () -> given().get("/probe")),
                Arguments.of("403 XSRF", 403, (Supplier<Response>) () -> given().auth().preemptive()
                        .basic("backend", "backend-secret").post("/probe")),
                Arguments.of("health", 200, (Supplier<Response>) () -> given().get("/q/health/ready")));
    }
}
