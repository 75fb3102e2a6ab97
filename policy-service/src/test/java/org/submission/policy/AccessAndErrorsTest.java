package org.submission.policy;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.platform.testing.Requests;

/** Who may ask, the request forms (GET, form POST, aliases) and every error status but 503. */
@QuarkusTest
@WithTestResource(PolicyTestDatabase.class)
class AccessAndErrorsTest {

    private static final String[] ENDPOINTS = {"/policy/policies", "/policy/repositories",
            "/policy-service/policies", "/policy-service/repositories"};

    @Inject
    Fixture fixture;

    @TestHTTPResource("/")
    URI base;

    @ParameterizedTest(name = "{0} on {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            ursula@example.edu   | S-all     | 200
            paul@partner.org     | S-all     | 200
            ada@elsewhere.org    | S-all     | 200
            backend              | S-all     | 200
            sam@example.edu      | S-all     | 403
            ulrich@elsewhere.org | S-all     | 403
            nobody@example.edu   | S-all     | 403
            ursula@example.edu   | S-outside | 403
            """)
    void onlyTheSubmitterAPreparerAnAdminOrABackendAccountMayAsk(String caller, String submission, int status) {
        for (String endpoint : new String[] {"/policy/policies", "/policy/repositories"}) {
            Requests.as(caller, "example.edu").queryParam("submission", fixture.id(submission)).get(endpoint)
                    .then().statusCode(status).contentType(ContentType.JSON);
        }
    }

    @Test
    void aForbiddenAnswerIsAJsonError() {
        Requests.as("sam@example.edu").queryParam("submission", fixture.id("S-all")).get("/policy/policies")
                .then().statusCode(403).contentType(ContentType.JSON).body("error", containsString("submitter"));
    }

    @ParameterizedTest(name = "submission=\"{0}\"")
    @ValueSource(strings = {"", "abc", "-1", "+1", "1.5", "1e3", " 61", "61 ", "0x3d", "9223372036854775808",
            "99999999999999999999999", "\u0666\u0661", "61;62", "%00", "'; DROP TABLE pass_submission; --"})
    void aSubmissionThatIsNoIdIsABadRequest(String value) {
        for (String endpoint : ENDPOINTS) {
            Requests.as(Requests.BACKEND).queryParam("submission", value).get(endpoint)
                    .then().statusCode(400).contentType(ContentType.JSON).body("error", containsString("submission"));
        }
    }

    @Test
    void aSemicolonDoesNotEndTheSubmission() {
        // sent as written (rest-assured would escape it): once read as the first id, and answered for it
        for (String endpoint : ENDPOINTS) {
            Requests.as(Requests.BACKEND).urlEncodingEnabled(false).get(endpoint + "?submission=" + fixture.id("S-all") + ";" + fixture.id("S-ir"))
                    .then().statusCode(400).contentType(ContentType.JSON).body("error", containsString("decimal integer"));
        }
    }

    @Test
    void aMissingSubmissionIsABadRequest() {
        for (String endpoint : ENDPOINTS) {
            Requests.as(Requests.BACKEND).get(endpoint).then().statusCode(400).contentType(ContentType.JSON)
                    .body("error", containsString("required"));
        }
    }

    @Test
    void aSubmissionGivenTwiceIsABadRequest() {
        Requests.as(Requests.BACKEND).queryParam("submission", fixture.id("S-all"), fixture.id("S-ir")).get("/policy/policies")
                .then().statusCode(400).contentType(ContentType.JSON).body("error", containsString("once"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"yes", "1", "true,false"})
    void anExplainThatIsNotABooleanIsABadRequest(String value) {
        Requests.as(Requests.BACKEND).queryParam("submission", fixture.id("S-all")).queryParam("explain", value)
                .get("/policy/repositories").then().statusCode(400).contentType(ContentType.JSON)
                .body("error", containsString("explain"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "59", "9223372036854775807"})
    void anUnknownSubmissionIsNotFound(String value) {
        for (String endpoint : ENDPOINTS) {
            Requests.as(Requests.BACKEND).queryParam("submission", value).get(endpoint)
                    .then().statusCode(404).contentType(ContentType.JSON).body("error", containsString(value));
        }
    }

    @Test
    void anUnauthenticatedCallerIsRefused() {
        for (String endpoint : ENDPOINTS) {
            given().queryParam("submission", fixture.id("S-all")).get(endpoint)
                    .then().statusCode(401).contentType(ContentType.JSON);
            given().auth().preemptive().basic("backend", "wrong").queryParam("submission", fixture.id("S-all")).get(endpoint)
                    .then().statusCode(401).contentType(ContentType.JSON);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"PUT", "DELETE", "PATCH"})
    void otherMethodsAreNotAllowed(String method) {
        for (String endpoint : ENDPOINTS) {
            Requests.backend().queryParam("submission", fixture.id("S-all")).request(method, endpoint)
                    .then().statusCode(405).contentType(ContentType.JSON).body("error", containsString(method));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/json", "text/plain", "multipart/form-data; boundary=x", "application/octet-stream"})
    void aPostOfAnotherContentTypeIsUnsupported(String contentType) {
        for (String endpoint : ENDPOINTS) {
            Requests.backend().contentType(contentType)
                    .body("submission=60".getBytes(java.nio.charset.StandardCharsets.UTF_8)).post(endpoint)
                    .then().statusCode(415).contentType(ContentType.JSON);
        }
    }

    @Test
    void aPostWithoutContentTypeIsUnsupported() throws Exception {
        // rest-assured always sends a Content-Type with a body; the JDK client sends none
        for (String endpoint : ENDPOINTS) {
            HttpResponse<String> response = rawPost(endpoint, null, "submission=" + fixture.id("S-all"));

            assertThat(response.statusCode()).isEqualTo(415);
            assertThat(response.body()).contains("application/x-www-form-urlencoded");
        }
    }

    @ParameterizedTest(name = "body \"{0}\"")
    @ValueSource(strings = {"submission=%ZZ", "submission=%", "submission=60&explain=%E0%A4%A", "%ZZ=1&submission=60"})
    void aMalformedFormBodyIsABadRequest(String body) throws Exception {
        for (String endpoint : ENDPOINTS) {
            HttpResponse<String> response = rawPost(endpoint, "application/x-www-form-urlencoded", body);

            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body()).contains("\"error\"");
        }
    }

    @Test
    void aFormBodyIsReadWhateverItsCharsetParameterSays() throws Exception {
        HttpResponse<String> response = rawPost("/policy/policies", "application/x-www-form-urlencoded; charset=bogus",
                "submission=" + fixture.id("S-all"));

        assertThat(response.statusCode()).isEqualTo(200);
    }

    /** A POST exactly as given (bounded wait: a request that is never answered must fail the test, not hang it). */
    private HttpResponse<String> rawPost(String endpoint, String contentType, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(endpoint)).timeout(Duration.ofSeconds(30))
                .header("Authorization", Requests.backendAuthorization())
                .header("Cookie", "XSRF-TOKEN=" + Requests.XSRF).header("X-XSRF-TOKEN", Requests.XSRF)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=UTF-8",
            "application/x-www-form-urlencoded;charset=ISO-8859-1"})
    void theFormPostAnswersAsTheGet(String contentType) {
        for (String endpoint : ENDPOINTS) {
            String get = Requests.as("ursula@example.edu").queryParam("submission", fixture.id("S-all")).get(endpoint)
                    .then().statusCode(200).extract().asString();
            String post = Requests.withXsrf(Requests.as("ursula@example.edu"))
                    .contentType(contentType).body("submission=" + fixture.id("S-all")).post(endpoint)
                    .then().statusCode(200).contentType(ContentType.JSON).extract().asString();

            assertThat(post).isEqualTo(get);
        }
    }

    @ParameterizedTest(name = "body \"{0}\", query \"{1}\"")
    @CsvSource(delimiter = '|', textBlock = """
            submission=60&explain=true | ''
            submission=60              | explain=true
            explain=true               | submission=60
            """)
    void theFormPostTakesItsParametersFromTheBodyOrTheQuery(String body, String query) {
        Requests.backend().contentType(ContentType.URLENC).body(body)
                .post("/policy/policies" + (query.isEmpty() ? "" : "?" + query))
                .then().statusCode(200).body("[0].reasons", notNullValue());
    }

    @Test
    void aFormPostWithoutSubmissionIsABadRequest() {
        Requests.backend().contentType(ContentType.URLENC).body("other=1").post("/policy/policies")
                .then().statusCode(400).contentType(ContentType.JSON);
    }

    @Test
    void aFormPostWithoutTheXsrfEchoIsForbidden() {
        Requests.as(Requests.BACKEND).contentType(ContentType.URLENC).body("submission=" + fixture.id("S-all")).post("/policy/policies")
                .then().statusCode(403).contentType(ContentType.JSON).body("error", containsString("X-XSRF-TOKEN"));
    }

    @Test
    void theAliasesAnswerAsTheMainPaths() {
        for (String name : new String[] {"policies", "repositories"}) {
            String main = Requests.as(Requests.BACKEND).queryParam("submission", fixture.id("S-several")).queryParam("explain", "true")
                    .get("/policy/" + name).then().statusCode(200).extract().asString();
            String alias = Requests.as(Requests.BACKEND).queryParam("submission", fixture.id("S-several")).queryParam("explain", "true")
                    .get("/policy-service/" + name).then().statusCode(200).extract().asString();

            assertThat(alias).isEqualTo(main);
        }
    }

    @Test
    void errorBodiesNameNoInternals() {
        Requests.as(Requests.BACKEND).queryParam("submission", "'; DROP TABLE pass_submission; --").get("/policy/policies")
                .then().statusCode(400).body("error", not(containsString("Exception")))
                .body("error", not(containsString("DROP")));
    }
}
