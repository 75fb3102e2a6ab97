package org.submission.platform.tracing;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.RecordedSpans;

/** With the SDK switched on at run time: what a request leaves in its trace and its log lines. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@TestProfile(TracingTest.SdkOn.class)
class TracingTest {

    /** The run-time switches an operator sets, and JSON log lines. */
    public static class SdkOn implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.otel.sdk.disabled", "false", "quarkus.otel.bsp.schedule.delay", "20ms",
                    "submission.log.json", "true");
        }
    }

    @Inject
    InMemorySpanExporter exporter;

    @BeforeEach
    void forgetEarlierSpans() {
        exporter.reset();
    }

    @Test
    void aRequestContinuesTheIngressTraceWithItsStatementAsAChildSpan() throws InterruptedException {
        String traceId = RecordedSpans.newTraceId();
        given().header("traceparent", RecordedSpans.traceparent(traceId)).get("/probe/traced").then().statusCode(200);

        List<SpanData> spans = RecordedSpans.await(exporter,
                found -> RecordedSpans.ofTrace(found, traceId).size() >= 2, Duration.ofSeconds(10));
        SpanData request = only(spans, SpanKind.SERVER);
        SpanData statement = only(spans, SpanKind.CLIENT);
        assertThat(spans).as(RecordedSpans.describe(spans)).allMatch(span -> span.getTraceId().equals(traceId));
        assertThat(request.getParentSpanId()).isEqualTo(RecordedSpans.INGRESS_SPAN);
        assertThat(request.getName()).isEqualTo("GET /probe/traced");
        assertThat(statement.getParentSpanId()).as(RecordedSpans.describe(spans)).isEqualTo(request.getSpanId());
        assertThat(statement.getAttributes().asMap().values()).as(RecordedSpans.describe(spans))
                .anyMatch(value -> value.toString().startsWith("SELECT count(*)"));
    }

    @Test
    void aJsonLogLineWrittenForATracedRequestCarriesItsTraceAndSpan() throws Exception {
        try (JsonLogLines log = JsonLogLines.open()) {
            String traceId = RecordedSpans.newTraceId();
            given().header("traceparent", RecordedSpans.traceparent(traceId)).get("/probe/traced").then().statusCode(200);

            List<SpanData> spans = RecordedSpans.await(exporter,
                    found -> RecordedSpans.hasServerSpan(RecordedSpans.ofTrace(found, traceId)), Duration.ofSeconds(10));
            JsonNode line = new ObjectMapper().readTree(log.formatted(TracedProbeResource.LOG_LINE));
            assertThat(line.path("mdc").path("traceId").asText()).isEqualTo(traceId);
            assertThat(line.path("mdc").path("spanId").asText()).isEqualTo(only(spans, SpanKind.SERVER).getSpanId());
        }
    }

    /** A client's User-Agent and query of the sizes an ingress passes by default, each far over the limit. */
    @Test
    void requestDataInTheRequestSpanIsCutToTheAttributeLengthLimit() throws InterruptedException {
        int limit = ConfigProvider.getConfig().getValue("quarkus.otel.span.attribute.value.length.limit", Integer.class);
        String traceId = RecordedSpans.newTraceId();
        given().header("traceparent", RecordedSpans.traceparent(traceId)).header("User-Agent", "u".repeat(8_000))
                .urlEncodingEnabled(false).get("/probe/traced?q=" + "x".repeat(3_900)).then().statusCode(200);

        List<SpanData> spans = RecordedSpans.await(exporter,
                found -> RecordedSpans.hasServerSpan(RecordedSpans.ofTrace(found, traceId)), Duration.ofSeconds(10));
        Map<String, String> attributes = new TreeMap<>();
        only(RecordedSpans.ofTrace(spans, traceId), SpanKind.SERVER).getAttributes()
                .forEach((key, value) -> attributes.put(key.getKey(), value.toString()));
        assertThat(attributes.values()).as(attributes.keySet().toString())
                .anyMatch(value -> value.startsWith("uuu")).anyMatch(value -> value.contains("xxx"))
                .allSatisfy(value -> assertThat(value.length()).isLessThanOrEqualTo(limit));
    }

    private static SpanData only(List<SpanData> spans, SpanKind kind) {
        List<SpanData> ofKind = spans.stream().filter(span -> span.getKind() == kind).toList();
        assertThat(ofKind).as("%s spans in %s", kind, RecordedSpans.describe(spans)).hasSize(1);
        return ofKind.get(0);
    }
}
