package org.submission.schema.rest;

import static org.submission.platform.testing.Requests.backend;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.platform.testing.EmbeddedPostgresResource;

/** SCHEMA_SERVICE_WORKBENCH_ENABLED=false, as the production overlay sets it: the workbench is not there. */
@QuarkusTest
@TestProfile(LongTtlWorkbenchOff.class)
@WithTestResource(EmbeddedPostgresResource.class)
class WorkbenchSwitchedOffTest {

    @ParameterizedTest
    @ValueSource(strings = {"get /schemaservice/workbench", "get /schemaservice/workbench/assets/workbench.js",
            "get /schemaservice/workbench/catalog", "post /schemaservice/workbench/preview"})
    void everyWorkbenchPathAnswers404(String request) {
        String[] parts = request.split(" ");
        backend().contentType("application/json").body("{\"repositories\": [12]}").request(parts[0], parts[1])
                .then().statusCode(404);
    }
}
