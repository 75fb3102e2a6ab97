package org.submission.doi.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.OpenApiDocument;

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

    @ParameterizedTest(name = "{0}")
    @CsvSource({"/doi/journal, 200 400 401 403 404 422 429 502 503 504", "/doi/manuscript, 200 400 401 403 429 502 503 504",
            "/doi/registry, 200 400 401 403 404 429 502 503 504"})
    void theOpenApiDocumentDescribesTheParameterAndEveryAnswer(String path, String statuses) {
        OpenApiDocument document = OpenApiDocument.served();

        document.describes("get", path, statuses, "query:doi header:X-XSRF-TOKEN cookie:XSRF-TOKEN");
        assertThat(document.json().getList("paths.'" + path + "'.get.parameters.required")).containsOnly(true);
    }

    @Test
    void theOpenApiDocumentDescribesTheManuscriptEntriesRicherFields() {
        OpenApiDocument document = OpenApiDocument.served();

        assertThat(document.json().getMap("components.schemas.Manuscript.properties")).containsKeys("url", "repositoryLabel",
                "type", "source", "name", "isBest", "version", "hostType", "license", "landingPageUrl");
        assertThat(document.json().getList("components.schemas.Manuscript.properties.version.enum"))
                .contains("submittedVersion", "acceptedVersion", "publishedVersion");
        assertThat(document.json().getMap("components.schemas.ManuscriptList.properties")).containsKeys("manuscripts", "oaStatus");
    }
}
