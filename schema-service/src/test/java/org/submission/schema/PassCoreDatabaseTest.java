package org.submission.schema;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.PassCoreDatabase;
import org.submission.platform.testing.Requests;

/**
 * The schema service on pass-core's own database, as the owner's script's role with migrations
 * off, and PASS's real schema URIs in pass_repository.schemas, which the bundled documents do not
 * serve: readiness names each of them, and their repositories answer 409.
 */
@QuarkusTest
@WithTestResource(PassCoreDatabase.class)
class PassCoreDatabaseTest {

    private static final String JHU = "https://eclipse-pass.github.io/pass-metadata-schemas/schemas/jhu/";

    final FreshDatabase passCore = PassCoreDatabase.database();

    @Test
    void readinessNamesEveryRepositorySchemaUriNoDocumentServes() {
        String readiness = given().get("/q/health/ready").then().statusCode(200).extract().asString();

        assertThat(readiness).contains("\"unserved " + JHU + "common.json\"", "\"unserved " + JHU + "nihms.json\"",
                "\"unserved " + JHU + "jscholarship.json\"");
    }

    @Test
    void aRepositoryOfUnservedSchemasIsAnswered409() {
        long pmc = passCore.count("SELECT id FROM pass_repository WHERE name = 'PubMed Central'");

        Requests.backend().queryParam("entityIds", pmc).get("/schemaservice").then().statusCode(409);
    }
}
