package org.submission.platform.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The spans a test's in-memory exporter received. A test enables the SDK in its profile
 * ({@code quarkus.otel.sdk.disabled=false}, a short {@code quarkus.otel.bsp.schedule.delay}) and
 * produces an {@link InMemorySpanExporter} bean, which the extension then exports to instead of OTLP.
 */
public final class RecordedSpans {

    private RecordedSpans() {
    }

    /** The ingress's span, which a service's request span continues. */
    public static final String INGRESS_SPAN = "00f067aa0ba902b7";

    /** A trace id of its own for each request, so that no span of an earlier one is taken for its. */
    public static String newTraceId() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    /** The W3C header by which the ingress passes its trace on: version 00, sampled. */
    public static String traceparent(String traceId) {
        return "00-" + traceId + "-" + INGRESS_SPAN + "-01";
    }

    /** The spans of one trace. */
    public static List<SpanData> ofTrace(List<SpanData> spans, String traceId) {
        return spans.stream().filter(span -> span.getTraceId().equals(traceId)).toList();
    }

    /**
     * The spans exported within {@code within} once {@code complete} holds for them (batches are
     * handed over after the processor's delay); the spans exported so far when it never does.
     */
    public static List<SpanData> await(InMemorySpanExporter exporter, Predicate<List<SpanData>> complete, Duration within)
            throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        List<SpanData> spans = exporter.getFinishedSpanItems();
        while (!complete.test(spans) && System.nanoTime() < deadline) {
            Thread.sleep(20);
            spans = exporter.getFinishedSpanItems();
        }
        return spans;
    }

    /** Whether the spans hold a finished SERVER span, the request's. */
    public static boolean hasServerSpan(List<SpanData> spans) {
        return spans.stream().anyMatch(span -> span.getKind() == SpanKind.SERVER);
    }

    /** The spans as a JSON array in the order they started (kind, name, ids, times, attributes), to print. */
    public static String json(List<SpanData> spans) {
        ObjectMapper json = new ObjectMapper();
        ArrayNode array = json.createArrayNode();
        spans.stream().sorted(Comparator.comparingLong(SpanData::getStartEpochNanos)).forEach(span -> {
            ObjectNode node = array.addObject().put("name", span.getName()).put("kind", span.getKind().name())
                    .put("traceId", span.getTraceId()).put("spanId", span.getSpanId())
                    .put("parentSpanId", span.getParentSpanId()).put("startEpochNanos", span.getStartEpochNanos())
                    .put("durationMicros", (span.getEndEpochNanos() - span.getStartEpochNanos()) / 1_000);
            ObjectNode attributes = node.putObject("attributes");
            span.getAttributes().forEach((key, value) -> attributes.put(key.getKey(), String.valueOf(value)));
        });
        return array.toPrettyString();
    }

    /** One line per span (kind, name, ids, the attributes), for a failing assertion's message. */
    public static String describe(List<SpanData> spans) {
        return spans.stream().map(span -> span.getKind() + " " + span.getName() + " trace=" + span.getTraceId()
                + " span=" + span.getSpanId() + " parent=" + span.getParentSpanId() + " " + span.getAttributes())
                .collect(Collectors.joining("\n", "\n", ""));
    }
}
