package org.submission.schema.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.submission.schema.BundledSchemaIds.BASE;
import static org.submission.platform.testing.Requests.backend;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.shared.seed.SeedOnStart;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.TestData;

/** The demo data set in the embedded database, asked about as the UI would. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class DemoDataEndToEndTest {

    @Inject
    DataSource dataSource;

    @BeforeEach
    void seed() {
        TestData.replaceWith(dataSource, SeedOnStart.demoData());
    }

    @Test
    void theDemoRepositoriesAnswerTheirSchemas() {
        assertThat(backend().get("/schemaservice?entityIds=10,11,12").then().statusCode(200).extract().jsonPath().getList("$id"))
                .containsExactly(BASE + "common.json", BASE + "pmc.json", BASE + "ir.json");
        backend().get("/schema?entityIds=11&merge=true").then().statusCode(200).body("$", hasSize(1))
                .body("[0].definitions.form.title", equalTo("Publication details"));
    }

    @Test
    void theMergedFormOfAllDemoRepositoriesOffersEveryFieldOnce() throws Exception {
        Response merged = backend().get("/schemaservice?entityIds=10,11,12&merge=true");
        JsonNode union = new ObjectMapper().readTree(merged.asByteArray()).get(0);

        assertThat(union.at("/definitions/form/properties").size()).isEqualTo(11);
        assertThat(union.at("/definitions/prerequisites/anyOf").size()).isEqualTo(2);
        assertThat(union.at("/definitions/prerequisites/required").toString()).isEqualTo("[\"authors\"]");
        assertThat(union.at("/allOf").size()).isEqualTo(6);
    }

    @Test
    void theDemoSubmissionsMetadataLacksOnlyWhatPubMedCentralNeeds() throws SQLException {
        backend().contentType("application/json").body(metadataOfSubmission(60))
                .post("/schemaservice/validate?entityIds=10,11,12").then().statusCode(200)
                .body("valid", equalTo(false))
                .body("errors", hasSize(1))
                .body("errors[0].schema", equalTo(BASE + "pmc.json"))
                .body("errors[0].keyword", equalTo("anyOf"));
    }

    private String metadataOfSubmission(long id) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             ResultSet row = connection.createStatement().executeQuery("select metadata from pass_submission where id = " + id)) {
            row.next();
            return row.getString(1);
        }
    }
}
