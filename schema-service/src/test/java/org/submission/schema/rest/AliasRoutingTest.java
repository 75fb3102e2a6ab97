package org.submission.schema.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.submission.platform.testing.Requests.backend;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.Requests;
import org.submission.platform.testing.TestData;

/** The /schema alias is routed to the /schemaservice resources (README, Architecture: alias paths). */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class AliasRoutingTest {

    @Inject
    DataSource dataSource;

    @BeforeEach
    void seed() {
        TestData.replaceWith(dataSource, SchemaResourceTest.SEED);
    }

    @Test
    void anEscapedAliasIsRoutedLikeTheAlias() {
        Response main = backend().get("/schemaservice?entityIds=10");
        Response escaped = backend().urlEncodingEnabled(false).get("/%73chema?entityIds=10");

        assertThat(escaped.statusCode()).isEqualTo(200);
        assertThat(escaped.asByteArray()).isEqualTo(main.asByteArray());
    }

    @Test
    void aMethodTheAliasDoesNotServeIsNamedWithTheAliasPath() {
        backend().delete("/schema/validate?entityIds=10").then().statusCode(405)
                .body("error", equalTo("Method DELETE is not allowed on /schema/validate"));
    }

    @Test
    void anUnknownPathBelowTheAliasIsNamedWithTheAliasPath() {
        backend().get("/schema/nothing-here").then().statusCode(404)
                .body("error", equalTo("No resource at /schema/nothing-here"));
    }

    @Test
    void theAliasPostKeepsItsBodyAndQuery() {
        Requests.withXsrf(backend()).contentType("application/json").body("{\"title\": \"On yeast\"}")
                .post("/schema/validate?entityIds=10").then().statusCode(200).body("valid", equalTo(false));
    }
}
