package org.submission.doi.support;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.junit.QuarkusTestProfile;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.submission.platform.testing.RecordedSpans;
import org.submission.platform.testing.Requests;

/**
 * The tracing tests' pieces: the SDK switched on as an operator would, the exporter the spans go
 * to instead of OTLP, a journal request that comes with the ingress's trace context, and the spans
 * of a lookup told apart.
 */
public final class Traces {

    private Traces() {
    }

    /** The run-time switch on; spans handed to the exporter within 20 ms. */
    public static class SdkOn implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            Map<String, String> settings = new HashMap<>(Map.of("quarkus.otel.sdk.disabled", "false",
                    "quarkus.otel.bsp.schedule.delay", "20ms"));
            settings.putAll(more());
            return settings;
        }

        protected Map<String, String> more() {
            return Map.of();
        }
    }

    /**
     * The switch on and no contact address (DOI_SERVICE_MAILTO blank), in one start for {@code TracesTest}
     * and {@code NoMailtoTest}: the traces asked for are of registry calls, which go out without an
     * address as with one, and what the lookup service's refusal and readiness answer is the same with
     * spans recorded or not.
     */
    public static class SdkOnWithoutMailto extends SdkOn {
        @Override
        protected Map<String, String> more() {
            return Map.of("doi.mailto", " \t ");
        }
    }

    /** The exporter the tests read spans from; the extension exports to it while the SDK is on. */
    @Singleton
    public static class Exporter {
        @Produces
        @Singleton
        InMemorySpanExporter exporter() {
            return InMemorySpanExporter.create();
        }
    }

    /**
     * A cold journal request (a new DOI, which the registry knows) in a trace the ingress started,
     * answered 200; the trace's id.
     */
    public static String coldJournal(WireMockServer upstream) {
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, Fixtures.ARTICLE_JOURNAL, "print:2049-3630"));
        String traceId = RecordedSpans.newTraceId();
        Requests.backend().header("traceparent", RecordedSpans.traceparent(traceId)).queryParam("doi", doi)
                .get("/doi/journal").then().statusCode(200);
        return traceId;
    }

    /** The SQL statement spans that call the given database function. */
    public static List<SpanData> statements(List<SpanData> spans, String function) {
        return spans.stream().filter(span -> span.getKind() == SpanKind.CLIENT && span.getAttributes().asMap().values()
                .stream().anyMatch(value -> value.toString().contains(function + "("))).toList();
    }

    /** The spans of requests to the registry (the WireMock's {@code /works/}). */
    public static List<SpanData> registryCalls(List<SpanData> spans) {
        return spans.stream().filter(span -> span.getKind() == SpanKind.CLIENT && String.valueOf(
                span.getAttributes().asMap().entrySet().stream().filter(entry -> entry.getKey().getKey().equals("url.full"))
                        .findFirst().map(Map.Entry::getValue).orElse("")).contains(WireMockUpstreams.REGISTRY_PATH)).toList();
    }
}
