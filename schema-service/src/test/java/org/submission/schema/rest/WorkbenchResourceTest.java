package org.submission.schema.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.submission.platform.testing.Requests.as;
import static org.submission.platform.testing.Requests.backend;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.TestData;
import org.submission.schema.store.Json;
import org.submission.schema.store.TestStores;

/** The workbench's page and JSON: previews of stored schemas and drafts, and what is refused. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class WorkbenchResourceTest {

    /** ir.json as an author would change it: one more form field, which the draft requires. */
    static final String IR_DRAFT = """
            {"$schema": "http://json-schema.org/draft-07/schema#", "$id": "https://submission.example.org/schemas/pass/ir.json",
             "type": "object", "definitions": {"form": {"type": "object", "properties": {
               "authors": {"$ref": "global.json#/properties/authors"}, "journal-NLMTA-ID": {"$ref": "global.json#/properties/journal-NLMTA-ID"}},
               "required": ["journal-NLMTA-ID"]}},
             "allOf": [{"$ref": "global.json#"}, {"$ref": "#/definitions/form"}]}""";

    @Inject
    DataSource dataSource;

    @BeforeEach
    void seed() {
        TestData.replaceWith(dataSource, SchemaResourceTest.SEED);
    }

    @Test
    void thePageAllowsOnlyItsOwnScriptsAndSaysWhatItNeedsWithoutJavaScript() {
        String html = as("author@example.edu").get("/schemaservice/workbench").then().statusCode(200)
                .contentType(containsString("text/html"))
                .header("Content-Security-Policy", containsString("script-src 'self';"))
                .extract().asString();
        assertThat(html).contains("<noscript>").doesNotContainPattern("<script(?![^>]*\\ssrc=)[^>]*>");
        assertThat(as("author@example.edu").get("/schemaservice/workbench").header("Content-Security-Policy"))
                .doesNotContain("unsafe-inline", "unsafe-eval", "http");
    }

    @Test
    void thePageAndItsLibrariesNeedAnAuthenticatedCaller() {
        RestAssured.given().get("/schemaservice/workbench/assets/survey.core.min.js").then().statusCode(401);
        RestAssured.given().get("/schemaservice/workbench/catalog").then().statusCode(401).header("WWW-Authenticate", nullValue());
    }

    @Test
    void onlyThePagesOwnRefusalAsksTheBrowserForALogin() {
        RestAssured.given().get("/schemaservice/workbench").then().statusCode(401)
                .header("WWW-Authenticate", startsWith("Basic realm=\"Schema workbench\""));
        RestAssured.given().get("/schemaservice?entityIds=12").then().statusCode(401).header("WWW-Authenticate", nullValue());
    }

    @Test
    void theLibrariesTheBuildBundledAreServedAndNothingElse() {
        as("author@example.edu").get("/schemaservice/workbench/assets/survey-js-ui.min.js").then().statusCode(200)
                .contentType(containsString("text/javascript")).body(containsString("SurveyUI"));
        as("author@example.edu").get("/schemaservice/workbench/assets/package.json").then().statusCode(404);
    }

    @Test
    void theCatalogListsRepositoriesAndStoredSchemas() {
        backend().get("/schemaservice/workbench/catalog").then().statusCode(200)
                .body("repositories.id", hasItem(12))
                .body("schemas.path", hasItem("pass/ir.json"));
    }

    @Test
    void aDraftReplacingAStoredSchemaIsPreviewedInItsPlace() throws Exception {
        JsonNode preview = preview(body("[12]", draft("pass/ir.json", IR_DRAFT)));

        assertThat(preview.get("errors")).isEmpty();
        assertThat(preview.get("surveyjs").findValuesAsText("name")).contains("journal-NLMTA-ID");
        assertThat(preview.at("/repositoryJson/ir").toString()).contains("{\"name\":\"journal-NLMTA-ID\",\"required\":true}");
        assertThat(preview.get("documents").findValuesAsText("source")).containsExactly("bundled", "draft");
        assertThat(preview.at("/files/0/path").asText()).isEqualTo("pass/ir.json");
        assertThat(preview.at("/files/0/text").asText()).isEqualTo(IR_DRAFT);
    }

    @Test
    void aDraftIsNeitherStoredNorCached() throws Exception {
        preview(body("[12]", draft("pass/ir.json", IR_DRAFT)));

        assertThat(preview(body("[12]")).get("surveyjs").findValuesAsText("name")).doesNotContain("journal-NLMTA-ID");
        assertThat(backend().get("/schemaservice/surveyjs?entityIds=12").asString()).doesNotContain("journal-NLMTA-ID");
    }

    @Test
    void aDraftsUnresolvableReferenceIsReportedWithItsPointer() throws Exception {
        JsonNode preview = preview(body("[]", draft("drafts/dangling.json", """
                {"$id": "https://submission.example.org/schemas/drafts/dangling.json", "type": "object",
                 "properties": {"title": {"$ref": "../pass/global.json#/properties/nothing"}}}""")));

        assertThat(preview.get("errors").get(0).asText())
                .contains("drafts/dangling.json", "global.json#/properties/nothing does not exist");
        assertThat(preview.has("surveyjs")).isFalse();
    }

    @Test
    void aDraftThatCannotMergeGivesTheConflictsPointerAndStillItsForm() throws Exception {
        JsonNode preview = preview(body("[10, 12]", draft("drafts/conflict.json", """
                {"type": "object", "definitions": {"form": {"type": "object", "properties": {"volume": {"type": "string"}}},
                 "options": {"fields": ["volume"]}}}""")));

        assertThat(preview.get("conflict").asText()).isEqualTo("Type conflict at /definitions/options/fields: object vs array");
        assertThat(preview.get("surveyjs").findValuesAsText("name")).contains("volume", "authors");
    }

    @Test
    void theWorkbenchValidatesABlobAgainstTheDrafts() throws Exception {
        ObjectNode request = body("[12]", draft("pass/ir.json", IR_DRAFT));
        request.set("blob", Json.parse("{\"title\": \"On yeast\", \"journal-title\": \"J Ex Biol\", \"authors\": [{\"author\": \"Ada\"}]}"));

        JsonNode report = Json.parse(backend().contentType("application/json").body(Json.bytes(request))
                .post("/schemaservice/workbench/validate").then().statusCode(200).extract().asByteArray());

        assertThat(report.get("valid").asBoolean()).isFalse();
        assertThat(report.get("errors").findValuesAsText("pointer")).containsExactly("/journal-NLMTA-ID");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "201 KB expanding to 2.5 GB | big  | bytes once its references are resolved (SCHEMA_SERVICE_MAX_EXPANDED_SIZE)",
            "400 levels once resolved   | deep | nests deeper than 50 levels once its references are resolved"})
    void aDraftPastTheBoundsOnceResolvedIsUnusableWithItsReason(String what, String kind, String reason) throws Exception {
        String id = "https://submission.example.org/schemas/drafts/" + kind + ".json";
        ObjectNode draft = draft("drafts/" + kind + ".json",
                kind.equals("big") ? TestStores.doubling(id, 12, 200_000) : TestStores.notChain(id, 400));

        assertThat(preview(body("[]", draft)).get("errors").get(0).asText()).contains(reason);
        ObjectNode validation = body("[]", draft);
        validation.set("blob", Json.parse("{\"title\": \"On yeast\"}"));
        backend().contentType("application/json").body(Json.bytes(validation)).post("/schemaservice/workbench/validate")
                .then().statusCode(409).body("error", containsString(reason));
    }

    @Test
    void aPreviewWithoutTheXsrfHeaderIsRefused() throws Exception {
        as("author@example.edu").contentType("application/json").body(Json.bytes(body("[12]")))
                .post("/schemaservice/workbench/preview").then().statusCode(403);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "eleven drafts        | 11 | 10      | drafts/a.json | At most 10 drafts",
            "a draft over 256 KiB | 1  | 262145  | drafts/a.json | a draft may have 262144",
            "a path outside a folder | 1 | 10    | ../a.json     | <institution>/<file>.json",
            "a path not .json     | 1  | 10      | drafts/a.txt  | <institution>/<file>.json"})
    void draftsBeyondTheLimitsAreRefused(String what, int count, int size, String path, String message) throws Exception {
        ArrayNode drafts = Json.NODES.arrayNode();
        for (int i = 0; i < count; i++) {
            drafts.add(draft(path, "x".repeat(size)));
        }
        ObjectNode request = Json.NODES.objectNode();
        request.set("drafts", drafts);
        backend().contentType("application/json").body(Json.bytes(request)).post("/schemaservice/workbench/preview")
                .then().statusCode(400).body("error", containsString(message));
    }

    private static JsonNode preview(ObjectNode request) throws Exception {
        return Json.parse(backend().contentType("application/json").body(Json.bytes(request))
                .post("/schemaservice/workbench/preview").then().statusCode(200).extract().asByteArray());
    }

    private static ObjectNode body(String repositories, ObjectNode... drafts) throws Exception {
        ObjectNode body = Json.NODES.objectNode();
        body.set("repositories", Json.parse(repositories));
        body.putArray("drafts").addAll(java.util.List.of(drafts));
        return body;
    }

    private static ObjectNode draft(String path, String text) {
        return Json.NODES.objectNode().put("path", path).put("text", text);
    }
}
