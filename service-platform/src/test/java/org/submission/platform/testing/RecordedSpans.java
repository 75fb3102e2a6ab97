package org.submission.platform.testing;

import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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

    /** A W3C traceparent header value as an ingress would send it: version 00, sampled. */
    public static String traceparent(String traceId, String parentSpanId) {
        return "00-" + traceId + "-" + parentSpanId + "-01";
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

    public static Map<String, List<SpanData>> byTrace(List<SpanData> spans) {
        return spans.stream().collect(Collectors.groupingBy(SpanData::getTraceId));
    }

    /** One line per span (kind, name, ids, the attributes), for a failing assertion's message. */
    public static String describe(List<SpanData> spans) {
        return spans.stream().map(span -> span.getKind() + " " + span.getName() + " trace=" + span.getTraceId()
                + " span=" + span.getSpanId() + " parent=" + span.getParentSpanId() + " " + span.getAttributes())
                .collect(Collectors.joining("\n", "\n", ""));
    }
}
