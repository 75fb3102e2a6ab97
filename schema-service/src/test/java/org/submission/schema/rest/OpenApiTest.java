package org.submission.schema.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.notNullValue;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.shared.testing.EmbeddedPostgresResource;

@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class OpenApiTest {

    @ParameterizedTest
    @CsvSource({"/schemaservice, get", "/schema, get", "/schemaservice/validate, post", "/schemaservice/surveyjs, get",
            "/schema/surveyjs, get"})
    void everyEndpointDocumentsItsParametersAndStatuses(String path, String method) {
        String operation = "paths.'" + path + "'." + method;
        given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .body(operation + ".parameters.name", hasItems("entityIds"))
                .body(operation + ".responses.keySet()", method.equals("get")
                        ? hasItems("200", "304", "400", "401", "404", "409", "503")
                        : hasItems("200", "400", "401", "403", "404", "409", "503"))
                .body(operation + ".summary", notNullValue());
    }
}
