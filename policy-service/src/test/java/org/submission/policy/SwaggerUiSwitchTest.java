package org.submission.policy;

import static io.restassured.RestAssured.given;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

/**
 * Swagger UI switched off at start, as the production overlay does (QUARKUS_SWAGGER_UI_ENABLED=false):
 * the UI is included at build time (quarkus.swagger-ui.always-include), the switch is a run-time
 * setting, so one image serves both ways ({@link UnmatchedTitleNoSwaggerUi}). The OpenAPI document stays.
 */
@QuarkusTest
@TestProfile(UnmatchedTitleNoSwaggerUi.class)
@WithTestResource(PolicyTestDatabase.class)
class SwaggerUiSwitchTest {

    @Test
    void swaggerUiAnswers404WhenSwitchedOff() {
        given().get("/q/swagger-ui/").then().statusCode(404);
    }

    @Test
    void openApiDocumentIsStillServed() {
        given().get("/q/openapi").then().statusCode(200);
    }
}
