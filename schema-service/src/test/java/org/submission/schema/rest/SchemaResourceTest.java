package org.submission.schema.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.submission.schema.BundledSchemaIds.BASE;
import static org.submission.platform.testing.Requests.backend;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.Requests;
import org.submission.platform.testing.TestData;

@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
public class SchemaResourceTest {

    public static final String SEED = """
            {"repositories": [
              {"key": "pmc", "id": 10, "name": "PubMed Central", "schemas": ["%1$scommon.json", "%1$spmc.json"]},
              {"key": "ir", "id": 12, "name": "Example Scholarship", "schemas": ["%1$scommon.json", "%1$sir.json"]},
              {"key": "chain", "id": 100, "name": "Chain, listed in reverse", "schemas": [
                "https://schemas.test/test/chain-a.json", "https://schemas.test/test/chain-b.json", "https://schemas.test/test/chain-c.json"]},
              {"key": "conflict", "id": 101, "name": "Conflicting options", "schemas": [
                "https://schemas.test/test/conflict-array.json", "https://schemas.test/test/conflict-object.json"]},
              {"key": "none", "id": 102, "name": "No schemas"},
              {"key": "unknown", "id": 103, "name": "Unknown schema", "schemas": ["https://schemas.test/test/missing.json"]},
              {"key": "malformed", "id": 104, "name": "Malformed", "schemas": ["https://elsewhere.test/x/broken/malformed.json"]},
              {"key": "not-draft-07", "id": 105, "name": "Not draft-07", "schemas": ["https://schemas.test/broken/not-draft-07.json"]},
              {"key": "dangling", "id": 106, "name": "Dangling", "schemas": ["https://schemas.test/broken/dangling.json"]},
              {"key": "cycle", "id": 107, "name": "Cycle", "schemas": ["https://schemas.test/broken/cycle.json"]},
              {"key": "twice", "id": 108, "name": "One document by two URIs", "schemas": [
                "%1$scommon.json", "https://old.host/metadata-schemas/pass/common.json"]}
            ]}""".formatted(BASE);

    @Inject
    DataSource dataSource;

    @BeforeEach
    void seed() {
        TestData.replaceWith(dataSource, SEED);
    }

    private static Response schemas(String query) {
        return backend().get("/schemaservice" + query);
    }

    private static List<String> ids(Response response) {
        return response.then().statusCode(200).extract().jsonPath().getList("$id");
    }

    @Test
    void aRepositorysSchemasComeDereferencedInDependencyOrder() {
        Response response = schemas("?entityIds=10");

        response.then().statusCode(200).contentType("application/json");
        assertThat(ids(response)).containsExactly(BASE + "common.json", BASE + "pmc.json");
        assertThat(response.asString()).doesNotContain("$ref")
                .startsWith("[{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"$id\":\"" + BASE + "common.json\"");
        assertThat(response.jsonPath().getString("[1].allOf[0].$id")).isEqualTo(BASE + "global.json");
    }

    @Test
    void aChainListedInReverseComesOutDependenciesFirst() {
        assertThat(ids(schemas("?entityIds=100"))).containsExactly("https://schemas.test/test/chain-c.json",
                "https://schemas.test/test/chain-b.json", "https://schemas.test/test/chain-a.json");
    }

    @Test
    void aDocumentReachedTwiceIsAnsweredOnce() {
        assertThat(ids(schemas("?entityIds=108"))).containsExactly(BASE + "common.json");
        assertThat(ids(schemas("?entityIds=12,10,12"))).containsExactly(BASE + "common.json", BASE + "pmc.json", BASE + "ir.json");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "&merge=false", "&merge=FALSE", "&merge=No", "&merge=0"})
    void absentOrFalseMergeAnswersEachSchema(String merge) {
        schemas("?entityIds=10,12" + merge).then().statusCode(200).body("$", hasSize(3));
    }

    @ParameterizedTest
    @ValueSource(strings = {"&merge", "&merge=", "&merge=true", "&merge=yes", "&merge=1", "&merge=please"})
    void anyOtherMergeAnswersOneUnionSchema(String merge) {
        Response response = schemas("?entityIds=10,12" + merge);

        response.then().statusCode(200).body("$", hasSize(1))
                .body("[0].definitions.form.properties.keySet()", org.hamcrest.Matchers.hasItems("title", "journal-NLMTA-ID", "authors"))
                .body("[0].definitions.form.title", equalTo("Example Scholarship"));
        assertThat(response.jsonPath().getMap("[0]")).doesNotContainKeys("$id", "$schema", "title", "description");
    }

    @Test
    void theAliasAnswersTheSameBytes() {
        Response main = schemas("?entityIds=10,12&merge=true");
        Response alias = backend().get("/schema?entityIds=10,12&merge=true");

        assertThat(alias.statusCode()).isEqualTo(200);
        assertThat(alias.asByteArray()).isEqualTo(main.asByteArray());
        assertThat(alias.header("ETag")).isEqualTo(main.header("ETag"));
    }

    @Test
    void aRepositoryWithoutSchemasContributesNothing() {
        schemas("?entityIds=102").then().statusCode(200).body(equalTo("[]"));
        schemas("?entityIds=102&merge=true").then().statusCode(200).body(equalTo("[{}]"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "?entityIds=", "?entityIds=%20", "?entityIds=10,,12", "?entityIds=10,", "?entityIds=abc",
            "?entityIds=10,x", "?entityIds=-10", "?merge=true"})
    void malformedIdsAreABadRequest(String query) {
        schemas(query).then().statusCode(400).contentType("application/json").body("error", containsString("entityIds"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/schemaservice?entityIds=10;12", "/schema?entityIds=10;12&merge=true", "/schemaservice?merge=true&entityIds=10;12"})
    void aSemicolonDoesNotEndTheValue(String uri) {
        // sent as written: rest-assured would otherwise escape the semicolon
        backend().urlEncodingEnabled(false).get(uri).then().statusCode(400).contentType("application/json")
                .body("error", equalTo("Parameter entityIds: '10;12' is not a repository id (a number)."));
    }

    @Test
    void anUnknownRepositoryIsNotFound() {
        schemas("?entityIds=10,999").then().statusCode(404).contentType("application/json")
                .body("error", equalTo("No repository with id 999."));
        schemas("?entityIds=998,10,999").then().statusCode(404).body("error", equalTo("No repositories with ids 998, 999."));
    }

    @Test
    void aSchemaUriMatchingNoStoredDocumentIsAConflict() {
        schemas("?entityIds=10,103").then().statusCode(409).contentType("application/json")
                .body("error", containsString("https://schemas.test/test/missing.json"));
    }

    @ParameterizedTest
    @CsvSource({"104, broken/malformed.json, not valid JSON", "105, broken/not-draft-07.json, not a valid draft-07 schema",
            "106, broken/dangling.json, does not exist", "107, broken/cycle.json, reference cycle"})
    void aBadDocumentFromTheSchemaFolderIsAConflictNamingIt(long id, String document, String why) {
        schemas("?entityIds=" + id).then().statusCode(409).contentType("application/json")
                .body("error", containsString(document)).body("error", containsString(why));
    }

    @Test
    void aMergeConflictNamesThePointerAndTypesAndTheUnmergedRequestStillAnswers() {
        schemas("?entityIds=101&merge=true").then().statusCode(409)
                .body("error", containsString("Type conflict at /options/fields/list: array vs object"));
        assertThat(ids(schemas("?entityIds=101&merge=false"))).hasSize(2);
    }

    @Test
    void answersCarryAStrongETagAndAnIdenticalBody() {
        Response first = schemas("?entityIds=10&merge=true");
        Response second = schemas("?entityIds=10&merge=true");

        assertThat(first.header("ETag")).matches("\"[A-Za-z0-9_-]{43}\"");
        assertThat(second.asByteArray()).isEqualTo(first.asByteArray());
        assertThat(second.header("ETag")).isEqualTo(first.header("ETag"));
        assertThat(schemas("?entityIds=10").header("ETag")).isNotEqualTo(first.header("ETag"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"%s", "W/%s", "\"other\", %s", "*"})
    void aMatchingIfNoneMatchIsAnsweredNotModified(String header) {
        String etag = schemas("?entityIds=10,12").header("ETag");

        backend().header("If-None-Match", header.formatted(etag)).get("/schemaservice?entityIds=10,12")
                .then().statusCode(304).header("ETag", etag).body(equalTo(""));
    }

    @Test
    void aStaleIfNoneMatchGetsTheFullAnswer() {
        backend().header("If-None-Match", "\"stale\"").get("/schemaservice?entityIds=10").then().statusCode(200).body("$", hasSize(2));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/schemaservice?entityIds=10", "/schema?entityIds=10"})
    void anUnauthenticatedRequestIsRefused(String path) {
        given().get(path).then().statusCode(401).contentType("application/json").body("error", containsString("Authentication"));
        given().auth().preemptive().basic("backend", "wrong").get(path).then().statusCode(401);
    }

    @Test
    void aPersonIdentifiedByTheProxyMayAsk() {
        Requests.as("someone@example.edu").get("/schemaservice?entityIds=10").then().statusCode(200).body("$", hasSize(2));
    }
}
