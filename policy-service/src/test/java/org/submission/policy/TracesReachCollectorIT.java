package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.FakeCollector;
import org.submission.platform.testing.IntegrationTestService;
import org.submission.platform.testing.PackagedServiceResource;
import org.submission.platform.testing.RecordedSpans;
import org.submission.platform.testing.RunningService;

/**
 * The packaged service's spans reach a collector over the network. The package leaves out the gRPC
 * libraries (guava, protobuf, grpc-java) that the tracing extension brings for its gRPC exporter:
 * this is the proof, on the jar an operator runs rather than the tests' in-memory exporter, that the
 * HTTP/protobuf exporter works without them; {@link TracesOverGrpcRefusedAtStartIT} proves that
 * asking for gRPC is refused at start.
 */
@QuarkusIntegrationTest
@WithTestResource(value = TracesReachCollectorIT.TracesToCollector.class, scope = TestResourceScope.MATCHING_RESOURCES)
class TracesReachCollectorIT {

    @TracesToCollector.Collector
    FakeCollector collector;

    @Test
    void aRequestsSpanReachesTheCollectorOverHttpProtobuf() throws Exception {
        RunningService service = IntegrationTestService.current();
        HttpResponse<String> answer = service.http().send(service.requestTo("/policy/repositories?submission=1")
                .header("traceparent", RecordedSpans.traceparent(RecordedSpans.newTraceId())).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isLessThan(500);

        List<FakeCollector.Export> exports = collector.awaitMentioning("/policy/repositories", Duration.ofSeconds(30));
        assertThat(exports).as("exports received; the service's output:\n%s", service.log()).anySatisfy(export -> {
            assertThat(export.path()).isEqualTo(FakeCollector.HTTP_PATH);
            assertThat(export.contentType()).isEqualTo("application/x-protobuf");
            assertThat(export.mentions("/policy/repositories")).isTrue();
        });
        assertThat(service.log()).doesNotContain("Failed to export");
    }

    /**
     * The packaged service on a fresh database with traces on, exported every 50 ms to a
     * {@link FakeCollector} of its own; a service of its own, since no other test's spans go anywhere.
     */
    public static class TracesToCollector extends PackagedServiceResource {

        /** The test's field that is given the collector. */
        @Retention(RetentionPolicy.RUNTIME)
        @Target(ElementType.FIELD)
        public @interface Collector {
        }

        private FakeCollector collector;

        @Override
        protected Map<String, String> settings() {
            try {
                collector = FakeCollector.start();
            } catch (Exception e) {
                throw new IllegalStateException("the fake collector did not start", e);
            }
            return Map.of("quarkus.otel.sdk.disabled", "false",
                    "quarkus.otel.exporter.otlp.traces.endpoint", collector.endpoint(), "quarkus.otel.bsp.schedule.delay", "50ms");
        }

        @Override
        public void inject(TestInjector injector) {
            injector.injectIntoFields(collector, new TestInjector.AnnotatedAndMatchesType(Collector.class, FakeCollector.class));
        }

        @Override
        public void stop() {
            try {
                collector.close();
            } catch (Exception e) {
                throw new IllegalStateException("the fake collector did not stop", e);
            }
            super.stop();
        }
    }
}
