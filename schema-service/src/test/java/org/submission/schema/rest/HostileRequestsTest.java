package org.submission.schema.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.startsWith;
import static org.submission.platform.testing.Requests.backend;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.shared.seed.SeedOnStart;
import org.submission.platform.testing.RawHttp;
import org.submission.platform.testing.Requests;
import org.submission.platform.testing.TestData;

/**
 * Hostile requests against the schema service's own routes: malformed escapes, path spellings that
 * would skip the XSRF check, anonymous callers, content sniffing.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class HostileRequestsTest {

    @Inject
    DataSource dataSource;

    @BeforeEach
    void demoData() {
        TestData.replaceWith(dataSource, SeedOnStart.demoData());
    }

    @ParameterizedTest
    @ValueSource(strings = {"/schemaservice?entityIds=%ZZ", "/schemaservice?entityIds=10%2", "/schema%ZZ?entityIds=10"})
    void aMalformedEscapeIsAJsonBadRequest(String target) {
        assertThat(RawHttp.get(target)).startsWith("HTTP/1.1 400 ")
                .containsIgnoringCase("content-type: application/json")
                .containsIgnoringCase("x-content-type-options: nosniff")
                .contains("{\"error\":\"Malformed request");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/schemaservice/validate", "/schemaservice;x=1/validate", "/%73chemaservice;a/validate"})
    void aValidationWithoutTheXsrfHeaderIsForbiddenWhateverThePathSpelling(String path) {
        Requests.as(Requests.BACKEND).urlEncodingEnabled(false)
                .contentType("application/json").body("{}").post(path + "?entityIds=10")
                .then().statusCode(403).contentType(startsWith("application/json"))
                .body("error", startsWith("Missing or mismatched X-XSRF-TOKEN"));
    }

    @Test
    void anAnonymousValidationIsToldToAuthenticateFirst() {
        given().contentType("application/json").body("{}").post("/schemaservice/validate?entityIds=10")
                .then().statusCode(401).contentType(startsWith("application/json"))
                .body("error", startsWith("Authentication required"));
    }

    @Test
    void aNotModifiedAnswerForbidsContentSniffingToo() {
        String etag = backend().get("/schemaservice?entityIds=10").then()
                .header("X-Content-Type-Options", "nosniff").extract().header("ETag");
        backend().header("If-None-Match", etag).get("/schemaservice?entityIds=10")
                .then().statusCode(304).header("X-Content-Type-Options", "nosniff");
    }
}
