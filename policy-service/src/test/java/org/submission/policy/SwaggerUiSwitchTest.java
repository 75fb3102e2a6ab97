package org.submission.policy;

import static io.restassured.RestAssured.given;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Swagger UI switched off at start, as the production overlay does (QUARKUS_SWAGGER_UI_ENABLED=false):
 * the UI is included at build time (quarkus.swagger-ui.always-include), the switch is a run-time
 * setting, so one image serves both ways. The OpenAPI document stays.
 */
@QuarkusTest
@TestProfile(SwaggerUiSwitchTest.SwaggerUiOff.class)
@WithTestResource(PolicyTestDatabase.class)
class SwaggerUiSwitchTest {

    public static class SwaggerUiOff implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.swagger-ui.enabled", "false");
        }
    }

    @Test
    void swaggerUiAnswers404WhenSwitchedOff() {
        given().get("/q/swagger-ui/").then().statusCode(404);
    }

    @Test
    void openApiDocumentIsStillServed() {
        given().get("/q/openapi").then().statusCode(200);
    }
}
