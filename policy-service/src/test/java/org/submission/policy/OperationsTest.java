package org.submission.policy;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.platform.testing.OpenApiDocument;

/** Readiness despite a misconfigured institutional title ({@link UnmatchedTitleNoSwaggerUi}), and the OpenAPI document. */
@QuarkusTest
@TestProfile(UnmatchedTitleNoSwaggerUi.class)
@WithTestResource(PolicyTestDatabase.class)
class OperationsTest {

    @Test
    void readinessStaysUpWhenTheInstitutionalTitleMatchesNoPolicy() {
        given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "get, /policy/policies, 200 400 401 404 405 429 503, query:submission query:explain",
            "post, /policy/policies, 200 400 401 403 404 415 429 503, ''",
            "get, /policy/repositories, 200 400 401 404 405 429 503, query:submission query:explain",
            "post, /policy/repositories, 200 400 401 403 404 415 429 503, ''",
            "get, /policy-service/policies, 200 400 401 404 405 429 503, query:submission query:explain",
            "post, /policy-service/repositories, 200 400 401 403 404 415 429 503, ''"})
    void theOpenApiDocumentDescribesEveryAnswer(String method, String path, String statuses, String parameters) {
        OpenApiDocument document = OpenApiDocument.served();

        document.describes(method, path, statuses, parameters);
        if (method.equals("post")) {
            assertThat(document.json().getString("paths.'" + path + "'.post.requestBody.content"
                    + ".'application/x-www-form-urlencoded'.schema.$ref")).endsWith("/SubmissionForm");
            assertThat(document.json().getMap("components.schemas.SubmissionForm.properties")).containsKeys("submission", "explain");
        }
    }
}
