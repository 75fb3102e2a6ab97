package org.submission.policy;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Readiness despite a misconfigured institutional title, and the OpenAPI document. */
@QuarkusTest
@TestProfile(OperationsTest.TitleMatchingNoPolicy.class)
@WithTestResource(PolicyTestDatabase.class)
class OperationsTest {

    /** An institutional title no policy has, whatever data other tests left in the database. */
    public static class TitleMatchingNoPolicy implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("service.policy.institutional-policy-title", "No Policy Has This Title");
        }
    }

    @Test
    void readinessStaysUpWhenTheInstitutionalTitleMatchesNoPolicy() {
        given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "/policy/policies, get, 200 400 401 403 404 405 503",
            "/policy/policies, post, 200 400 401 403 404 415 503",
            "/policy/repositories, get, 200 400 401 403 404 405 503",
            "/policy/repositories, post, 200 400 401 403 404 415 503",
            "/policy-service/policies, get, 200 400 401 403 404 405 503",
            "/policy-service/repositories, post, 200 400 401 403 404 415 503"})
    void theOpenApiDocumentDescribesEveryAnswer(String path, String method, String statuses) {
        JsonPath document = given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().jsonPath();
        Map<String, Object> operation = document.getMap("paths.'" + path + "'." + method);

        assertThat(operation).as(method + " " + path).isNotNull();
        assertThat(((Map<String, Object>) operation.get("responses")).keySet())
                .containsExactlyInAnyOrder(statuses.split(" "));
        if (method.equals("get")) {
            List<String> parameters = ((List<Map<String, Object>>) operation.get("parameters"))
                    .stream().map(p -> (String) p.get("name")).toList();
            assertThat(parameters).containsExactlyInAnyOrder("submission", "explain");
        } else {
            assertThat(document.getString("paths.'" + path + "'.post.requestBody.content"
                    + ".'application/x-www-form-urlencoded'.schema.$ref")).endsWith("/SubmissionForm");
            assertThat(document.getMap("components.schemas.SubmissionForm.properties")).containsKeys("submission", "explain");
        }
    }
}
