package org.submission.doi.rest;

import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.FreshUpstreamsAndSpans;
import org.submission.doi.support.Traces;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.RecordedSpans;

/** DOI_UPSTREAM_PROPAGATE_TRACE=true: the upstreams are told the trace of the call. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
@TestProfile(PropagatedTraceTest.Propagating.class)
class PropagatedTraceTest extends FreshUpstreamsAndSpans {

    /** The one setting that must differ from TracesTest's, which proves the default leaves the upstreams untold. */
    public static class Propagating extends Traces.SdkOn {
        @Override
        protected Map<String, String> more() {
            return Map.of("doi.upstream.propagate-trace", "true");
        }
    }

    @Test
    void theRegistryCallCarriesTheRequestsTraceWithItsOwnSpanAsParent() throws InterruptedException {
        String traceId = Traces.coldJournal(upstream);

        List<SpanData> spans = RecordedSpans.await(exporter,
                found -> !Traces.registryCalls(RecordedSpans.ofTrace(found, traceId)).isEmpty(), Duration.ofSeconds(10));
        SpanData call = Traces.registryCalls(RecordedSpans.ofTrace(spans, traceId)).stream().findFirst()
                .orElseThrow(() -> new AssertionError("no registry call in " + RecordedSpans.describe(spans)));
        List<LoggedRequest> sent = upstream.findAll(getRequestedFor(urlPathMatching(WireMockUpstreams.REGISTRY_PATH + ".*")));
        assertThat(sent).singleElement().extracting(request -> request.getHeader("traceparent"))
                .isEqualTo("00-" + traceId + "-" + call.getSpanId() + "-01");
    }
}
