package org.submission.doi.rest;

import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.FreshUpstreamsAndSpans;
import org.submission.doi.support.Traces;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.RecordedSpans;

/** With traces on (and the upstreams' trace context off, the default): what a lookup leaves ({@link Traces.SdkOnWithoutMailto}). */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
@TestProfile(Traces.SdkOnWithoutMailto.class)
class TracesTest extends FreshUpstreamsAndSpans {

    @Test
    void aColdJournalRequestIsOneTraceOfTheRequestItsCoordinationStatementsAndTheRegistryCall() throws InterruptedException {
        String traceId = Traces.coldJournal(upstream);

        List<SpanData> spans = RecordedSpans.await(exporter,
                found -> RecordedSpans.hasServerSpan(RecordedSpans.ofTrace(found, traceId))
                        && !Traces.statements(RecordedSpans.ofTrace(found, traceId), "doi_lookup_end").isEmpty(),
                Duration.ofSeconds(10));
        List<SpanData> trace = RecordedSpans.ofTrace(spans, traceId);
        System.out.println("TracesTest: the trace of a cold /doi/journal request: " + RecordedSpans.json(trace));
        String all = RecordedSpans.describe(spans);
        List<SpanData> requests = trace.stream().filter(span -> span.getKind() == SpanKind.SERVER).toList();
        assertThat(requests).as(all).hasSize(1);
        assertThat(requests.get(0).getParentSpanId()).isEqualTo(RecordedSpans.INGRESS_SPAN);
        assertThat(trace).as(all).filteredOn(span -> span.getKind() == SpanKind.CLIENT)
                .allMatch(span -> span.getParentSpanId().equals(requests.get(0).getSpanId()));
        assertThat(Traces.statements(trace, "doi_lookup_begin")).as(all).hasSize(1);
        // the statement that ends the lookup runs after the answer has gone, still in its trace
        assertThat(Traces.statements(trace, "doi_lookup_end")).as(all).hasSize(1);
        assertThat(Traces.registryCalls(trace)).as(all).singleElement()
                .satisfies(call -> assertThat(call.getAttributes().asMap().values()).contains(200L, "Crossref"));
        // a piece that lost the request's context would have begun a trace of its own
        List<SpanData> roots = spans.stream().filter(span -> !span.getParentSpanContext().isValid()).toList();
        assertThat(Traces.statements(roots, "doi_lookup_begin")).as(all).isEmpty();
        assertThat(Traces.statements(roots, "doi_lookup_end")).as(all).isEmpty();
        assertThat(Traces.registryCalls(roots)).as(all).isEmpty();
    }

    @Test
    void theRegistryGetsNoTraceContextByDefault() {
        Traces.coldJournal(upstream);

        List<LoggedRequest> sent = upstream.findAll(getRequestedFor(urlPathMatching(WireMockUpstreams.REGISTRY_PATH + ".*")));
        assertThat(sent).singleElement().satisfies(request -> {
            assertThat(request.containsHeader("traceparent")).isFalse();
            assertThat(request.containsHeader("tracestate")).isFalse();
        });
    }
}
