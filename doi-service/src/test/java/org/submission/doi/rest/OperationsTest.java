package org.submission.doi.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.shared.testing.EmbeddedPostgresResource;

@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class OperationsTest {

    @Test
    void readinessReportsTheUpstreamsWithoutFailing() {
        given().get("/q/health/ready").then().statusCode(200)
                .body("checks.name", hasItem("upstreams"))
                .body("checks.find { it.name == 'upstreams' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'upstreams' }.data.Crossref", equalTo("reachable"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/doi/journal", "/doi/manuscript"})
    void theOpenApiDocumentDescribesTheParameterAndEveryAnswer(String path) {
        JsonPath openapi = given().accept("application/json").get("/q/openapi?format=json").then().statusCode(200)
                .extract().jsonPath();
        Map<String, Object> get = openapi.getMap("paths.'" + path + "'.get");

        List<Map<String, Object>> parameters = openapi.getList("paths.'" + path + "'.get.parameters");
        assertThat(parameters).extracting(p -> p.get("in") + ":" + p.get("name"))
                .containsExactlyInAnyOrder("query:doi", "header:X-XSRF-TOKEN", "cookie:XSRF-TOKEN");
        assertThat(parameters).allSatisfy(p -> {
            assertThat(p).containsEntry("required", true);
            assertThat((String) p.get("description")).isNotBlank();
        });
        assertThat(openapi.getMap("components.securitySchemes.basic")).containsEntry("scheme", "basic");
        @SuppressWarnings("unchecked")
        Map<String, Object> responses = (Map<String, Object>) get.get("responses");
        List<String> expected = path.endsWith("journal")
                ? List.of("200", "400", "401", "403", "404", "422", "429", "502", "503", "504")
                : List.of("200", "400", "401", "403", "502", "503", "504");
        assertThat(responses).containsOnlyKeys(expected);
    }
}
