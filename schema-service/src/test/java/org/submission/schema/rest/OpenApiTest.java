package org.submission.schema.rest;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.OpenApiDocument;

@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class OpenApiTest {

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "get, /schemaservice, 200 304 400 401 404 409 429 503, query:entityIds query:merge",
            "get, /schema, 200 304 400 401 404 409 429 503, query:entityIds query:merge",
            "post, /schemaservice/validate, 200 400 401 403 404 409 415 429 503, query:entityIds",
            "post, /schema/validate, 200 400 401 403 404 409 415 429 503, query:entityIds",
            "get, /schemaservice/surveyjs, 200 304 400 401 404 409 429 503, query:entityIds query:readOnly",
            "get, /schema/surveyjs, 200 304 400 401 404 409 429 503, query:entityIds query:readOnly"})
    void everyEndpointIsDescribed(String method, String path, String statuses, String parameters) {
        OpenApiDocument.served().describes(method, path, statuses, parameters);
    }
}
