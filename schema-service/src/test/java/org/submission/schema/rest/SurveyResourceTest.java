package org.submission.schema.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.submission.platform.testing.Requests.backend;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.TestData;

/** {@code /schemaservice/surveyjs} and {@code /schemaservice/surveyjs/repositories} over the bundled schemas. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class SurveyResourceTest {

    @Inject
    DataSource dataSource;

    @BeforeEach
    void seed() {
        TestData.replaceWith(dataSource, SchemaResourceTest.SEED);
    }

    private static JsonPath survey(String query) {
        return backend().get("/schemaservice/surveyjs" + query).then().statusCode(200).contentType("application/json")
                .extract().jsonPath();
    }

    @Test
    void pubMedCentralsFormAsksForTheJournalByEitherIdentifier() {
        JsonPath survey = survey("?entityIds=10");

        assertThat(survey.getList("elements.name")).containsExactly("DOI", "title", "journal-title", "volume", "issue",
                "issns", "publisher", "publicationDate", "abstract", "authors", "journal-NLMTA-ID");
        assertThat(survey.getMap("elements.find { it.name == 'title' }")).containsEntry("type", "comment").containsEntry("isRequired", true)
                .containsEntry("title", "Article / manuscript title").containsEntry("placeholder", "Enter the title");
        assertThat(survey.getString("elements.find { it.name == 'journal-NLMTA-ID' }.requiredIf")).isEqualTo("{issns} empty");
        assertThat(survey.getString("elements.find { it.name == 'issns' }.requiredIf")).isEqualTo("{journal-NLMTA-ID} empty");
        assertThat(survey.getList("elements.find { it.name == 'issns' }.templateElements")).containsExactly(
                Map.of("name", "issn", "type", "text", "title", "ISSN", "description", "International Standard Serial Number"),
                Map.of("name", "pubType", "type", "dropdown", "choices", List.of("Print", "Online"), "title", "Publication type",
                        "description", "The medium this ISSN identifies"));
    }

    @Test
    void theInstitutionalRepositoryRequiresAuthorsEachWithAName() {
        JsonPath survey = survey("?entityIds=12");

        assertThat(survey.getMap("elements.find { it.name == 'authors' }")).containsEntry("type", "paneldynamic").containsEntry("isRequired", true);
        assertThat(survey.getBoolean("elements.find { it.name == 'authors' }.templateElements.find { it.name == 'author' }.isRequired")).isTrue();
        assertThat(survey.getList("elements.findAll { it.isRequired }.name")).containsExactly("title", "journal-title", "authors");
    }

    @Test
    void readOnlyMarksTheNamedQuestionsAndIgnoresKeysTheFormDoesNotShow() {
        JsonPath survey = backend().queryParam("readOnly", " title, journal-title").queryParam("readOnly", "doi,,journal-title-short")
                .get("/schemaservice/surveyjs?entityIds=10").then().statusCode(200).extract().jsonPath();

        assertThat(survey.getList("elements.findAll { it.readOnly }.name")).containsExactly("title", "journal-title");
    }

    @Test
    void aRepositoryWithoutSchemasHasAnEmptyForm() {
        assertThat(survey("?entityIds=102").getList("elements")).isEmpty();
    }

    @Test
    void theAliasAnswersTheSameBytes() {
        Response main = backend().get("/schemaservice/surveyjs?entityIds=10,12&readOnly=DOI");
        Response alias = backend().get("/schema/surveyjs?entityIds=10,12&readOnly=DOI");

        assertThat(alias.asByteArray()).isEqualTo(main.asByteArray());
        assertThat(alias.header("ETag")).isEqualTo(main.header("ETag"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "''                  | 400 | entityIds",
            "?entityIds=10,,12   | 400 | entityIds",
            "?entityIds=x        | 400 | entityIds",
            "?entityIds=10,999   | 404 | No repository with id 999.",
            "?entityIds=103      | 409 | https://schemas.test/test/missing.json",
            "?entityIds=104      | 409 | broken/malformed.json"})
    void badRequestsAreAnsweredAsForTheSchemas(String query, int status, String error) {
        backend().get("/schemaservice/surveyjs" + query).then().statusCode(status).contentType("application/json")
                .body("error", containsString(error));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/schemaservice/surveyjs?entityIds=10,12", "/schemaservice/surveyjs?entityIds=10,12&readOnly=title",
            "/schemaservice/surveyjs/repositories"})
    void answersCarryAStrongETagHonouredByIfNoneMatch(String path) {
        Response first = backend().get(path);

        assertThat(first.header("ETag")).matches("\"[A-Za-z0-9_-]{43}\"");
        assertThat(backend().get(path).asByteArray()).isEqualTo(first.asByteArray());
        for (String ifNoneMatch : List.of("%s", "W/%s", "\"other\", %s", "*")) {
            backend().header("If-None-Match", ifNoneMatch.formatted(first.header("ETag"))).get(path).then().statusCode(304)
                    .header("ETag", first.header("ETag")).body(equalTo(""));
        }
        backend().header("If-None-Match", "\"stale\"").get(path).then().statusCode(200);
    }

    @Test
    void readOnlyMarksMakeADifferentAnswer() {
        assertThat(backend().get("/schemaservice/surveyjs?entityIds=10&readOnly=title").header("ETag"))
                .isNotEqualTo(backend().get("/schemaservice/surveyjs?entityIds=10").header("ETag"));
    }

    @Test
    void repositoriesListEachStoredFormWithWhatItsSchemaRequires() {
        JsonPath repositories = backend().get("/schemaservice/surveyjs/repositories").then().statusCode(200)
                .contentType("application/json").extract().jsonPath();

        assertThat(repositories.getList("common.name")).containsExactly("DOI", "title", "journal-title", "volume", "issue",
                "issns", "publisher", "publicationDate", "abstract", "authors");
        assertThat(repositories.getList("common.findAll { it.required }.name")).containsExactly("title", "journal-title");
        assertThat(repositories.getList("pmc")).containsExactly(
                Map.of("name", "journal-NLMTA-ID", "requiredIf", "{issns} empty"),
                Map.of("name", "issns", "requiredIf", "{journal-NLMTA-ID} empty"));
        assertThat(repositories.getList("ir")).containsExactly(Map.of("name", "authors", "required", true));
        assertThat(repositories.getMap("$")).doesNotContainKey("global");
    }

    @Test
    void theOpenApiDocumentDescribesTheRepositoriesAnswer() {
        given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .body("paths.'/schemaservice/surveyjs/repositories'.get.responses.keySet()", hasItems("200", "304", "401"))
                .body("paths.'/schemaservice/surveyjs'.get.parameters.name", hasItems("entityIds", "readOnly"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/schemaservice/surveyjs?entityIds=10", "/schema/surveyjs?entityIds=10", "/schemaservice/surveyjs/repositories"})
    void anUnauthenticatedRequestIsRefused(String path) {
        given().get(path).then().statusCode(401).contentType("application/json");
    }
}
