package org.submission.schema.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.submission.schema.BundledSchemaIds.BASE;
import static org.submission.platform.testing.Requests.backend;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.Requests;
import org.submission.platform.testing.TestData;
import org.submission.schema.WorstCaseValidation;

@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class ValidateResourceTest {

    @Inject
    DataSource dataSource;

    @BeforeEach
    void seed() {
        TestData.replaceWith(dataSource, SchemaResourceTest.SEED);
    }

    private static ValidatableResponse validate(String ids, String body) {
        return backend().contentType("application/json").body(body).post("/schemaservice/validate?entityIds=" + ids).then();
    }

    private static String example(String name) throws IOException {
        try (InputStream in = ValidateResourceTest.class.getClassLoader().getResourceAsStream("examples/" + name + ".json")) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    @Test
    void aBlobSatisfyingEverySchemaIsValid() throws IOException {
        validate("10,12", example("full")).statusCode(200).contentType("application/json")
                .body("valid", equalTo(true)).body("errors", empty()).body("truncated", equalTo(false));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ui-2.1.1-doi-seeded", "ui-hints-collection-tags", "ui-current-under-embargo"})
    void aBlobAsThePassUiWritesItIsValid(String name) throws IOException {
        validate("10,12", example(name)).statusCode(200).body("valid", equalTo(true)).body("errors", empty())
                .body("truncated", equalTo(false));
    }

    @Test
    void aBlobWithManyFaultsListsTheFirstHundredAndStaysSmall() {
        // 3000 unexpected keys of 150 characters, one of 100 000 (sorted first), and a 100 000-character value outside an enum: 550 KB
        StringBuilder blob = new StringBuilder("{\"issns\": [{\"pubType\": \"" + "P".repeat(100_000) + "\"}], \""
                + "-".repeat(100_000) + "\": 1");
        for (int i = 0; i < 3000; i++) {
            blob.append(", \"").append("%04d".formatted(i)).append("x".repeat(146)).append("\": 1");
        }
        byte[] body = blob.append('}').toString().getBytes(StandardCharsets.UTF_8);

        Response answer = backend().contentType("application/json").body(body)
                .post("/schemaservice/validate?entityIds=10");

        answer.then().statusCode(200).body("valid", equalTo(false)).body("truncated", equalTo(true))
                .body("errors", hasSize(100));
        assertThat(answer.asByteArray()).hasSizeLessThan(80_000);
        assertThat(answer.jsonPath().getList("errors.pointer", String.class))
                .isSorted().allSatisfy(pointer -> assertThat(pointer).hasSizeLessThanOrEqualTo(301));
    }

    @Test
    void eachFailureNamesItsSchemaPointerAndKeyword() throws IOException {
        validate("10,12", example("common-no-title")).statusCode(200)
                .body("valid", equalTo(false))
                .body("errors.schema", hasItem(BASE + "common.json"))
                .body("errors.schema", hasItem(BASE + "pmc.json"))
                .body("errors.find { it.schema == '" + BASE + "common.json' }.pointer", equalTo("/title"))
                .body("errors.find { it.schema == '" + BASE + "common.json' }.keyword", equalTo("required"))
                .body("errors.find { it.schema == '" + BASE + "pmc.json' }.keyword", equalTo("anyOf"))
                .body("errors.message", everyItem(not(emptyString())));
    }

    @Test
    void aRepositoryRequiringAuthorsRejectsABlobWithoutThem() throws IOException {
        validate("12", example("ir-no-authors")).statusCode(200).body("valid", equalTo(false))
                .body("errors", hasSize(1))
                .body("errors[0].schema", equalTo(BASE + "ir.json"))
                .body("errors[0].pointer", equalTo("/authors"))
                .body("errors[0].keyword", equalTo("required"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"[]", "\"text\"", "42", "null", "{", "", "{} {}", "{\"a\": 1, \"a\": 2}"})
    void aBodyThatIsNotAJsonObjectIsABadRequest(String body) {
        validate("10", body).statusCode(400).contentType("application/json").body("error", containsString("body"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1e999999", "-1e999999", "123456789012345678901234567890", "1.50", "true", "null", "{}"})
    void anyJsonValueInTheBlobIsValidatedWithoutFailing(String value) {
        validate("12", "{\"title\": \"T\", \"journal-title\": \"J\", \"authors\": [{\"author\": \"A\"}], \"volume\": " + value + "}").statusCode(200)
                .body("valid", equalTo(false)).body("errors[0].pointer", equalTo("/volume")).body("errors[0].keyword", equalTo("type"));
    }

    @ParameterizedTest
    @ValueSource(ints = {101, 5000})
    void aBlobNestedTooDeeplyIsABadRequestNamingTheLimit(int depth) {
        // sent as bytes: rest-assured would pretty-print a JSON text this deep into hundreds of megabytes
        byte[] body = ("{\"agent_information\": " + "[".repeat(depth) + "]".repeat(depth) + "}").getBytes(StandardCharsets.UTF_8);
        backend().contentType("application/json").body(body).post("/schemaservice/validate?entityIds=12").then()
                .statusCode(400).contentType("application/json")
                .body("error", equalTo("The JSON body is beyond what this service reads: at most 100 nested levels,"
                        + " strings and keys of at most 1000000 characters and numbers of at most 1000 digits."));
    }

    @Test
    void aBlobOfMoreValuesThanTheLimitIsABadRequestNamingIt() {
        backend().contentType("application/json").body(WorstCaseValidation.unknownKeys(20_000))
                .post("/schemaservice/validate?entityIds=10").then().statusCode(400).contentType("application/json")
                .body("error", containsString("more than 20000 JSON values"));
    }

    @Test
    void theValuesAreCountedBeforeTheBlobIsReadWhole() {
        // a fault after the 20,001st value is never reached: the count stops there, before any tree exists
        backend().contentType("application/json").body(WorstCaseValidation.unknownKeys(20_000, ", \"title\": 2} trailing"))
                .post("/schemaservice/validate?entityIds=10").then().statusCode(400).contentType("application/json")
                .body("error", containsString("more than 20000 JSON values"));
    }

    @Test
    void theLargestBlobTheLimitAllowsIsValidated() {
        // the object, its title and 19,998 keys: 20,000 values
        backend().contentType("application/json").body(WorstCaseValidation.unknownKeys(19_998))
                .post("/schemaservice/validate?entityIds=10").then().statusCode(200)
                .body("valid", equalTo(false)).body("truncated", equalTo(true)).body("errors.size()", equalTo(100));
    }

    @Test
    void aBlobNestedToTheLimitIsValidated() {
        byte[] body = ("{\"agent_information\": {\"a\": " + "[".repeat(98) + "]".repeat(98) + "}}").getBytes(StandardCharsets.UTF_8);
        backend().contentType("application/json").body(body).post("/schemaservice/validate?entityIds=12").then()
                .statusCode(200).body("valid", equalTo(false));
    }

    @ParameterizedTest
    @ValueSource(strings = {"text/plain", "application/x-www-form-urlencoded"})
    void aBodyNotSentAsJsonIsUnsupported(String type) {
        backend().contentType(type).body("{}").post("/schemaservice/validate?entityIds=12").then()
                .statusCode(415).contentType("application/json");
    }

    @ParameterizedTest
    @CsvSource({"'', 400", "'10,,12', 400", "999, 404", "103, 409", "106, 409"})
    void badIdsAndDocumentsAnswerLikeTheSchemaRequest(String ids, int status) {
        validate(ids, "{}").statusCode(status).contentType("application/json");
    }

    @Test
    void withoutTheXsrfHeaderTheRequestIsForbidden() {
        Requests.as(Requests.BACKEND).contentType("application/json").body("{}")
                .post("/schemaservice/validate?entityIds=10").then().statusCode(403).contentType("application/json");
    }

    @Test
    void anUnauthenticatedRequestIsRefused() {
        Requests.withXsrf(given()).contentType("application/json").body("{}")
                .post("/schemaservice/validate?entityIds=10").then().statusCode(401).contentType("application/json");
    }
}
