package org.submission.platform.tracing;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.Vertx;
import io.vertx.core.impl.VertxInternal;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.RecordedSpans;

/** The default: the extension is built in, the SDK is off. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class TracingOffTest {

    @Inject
    InMemorySpanExporter exporter;

    @Inject
    Vertx vertx;

    @Test
    void byDefaultNoTracerRunsAndATracedRequestLeavesNoSpan() {
        given().header("traceparent", RecordedSpans.traceparent(RecordedSpans.newTraceId()))
                .get("/probe/traced").then().statusCode(200);

        assertThat(((VertxInternal) vertx).tracer()).isNull();
        assertThat(exporter.getFinishedSpanItems()).isEmpty();
    }
}
