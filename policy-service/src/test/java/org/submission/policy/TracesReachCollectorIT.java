package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.FakeCollector;
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.PackagedService;
import org.submission.platform.testing.RecordedSpans;

/**
 * The packaged service's spans reach a collector over the network. The package leaves out the gRPC
 * libraries (guava, protobuf, grpc-java) that the tracing extension brings for its gRPC exporter:
 * this is the proof, on the jar an operator runs rather than the tests' in-memory exporter, that the
 * HTTP/protobuf exporter works without them, and that asking for gRPC is refused at start.
 */
class TracesReachCollectorIT {

    @Test
    void aRequestsSpanReachesTheCollectorOverHttpProtobuf() throws Exception {
        try (FakeCollector collector = FakeCollector.start();
                PackagedService service = PackagedService.start(tracesTo(collector, Map.of())).awaitReady(Duration.ofSeconds(90))) {
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
    }

    @Test
    void theGrpcProtocolIsRefusedAtStartInOneLine() throws Exception {
        try (FakeCollector collector = FakeCollector.start();
                PackagedService service = PackagedService.start(tracesTo(collector,
                        Map.of("QUARKUS_OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "grpc")))) {
            assertThat(service.exitsWithin(Duration.ofSeconds(60))).as("exited; its output:\n%s", service.log()).isTrue();
            assertThat(service.process().exitValue()).isEqualTo(2);
            assertThat(service.log().lines()).contains("QUARKUS_OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=grpc is not supported:"
                    + " traces go to the collector over http/protobuf (its port 4318); unset it or set http/protobuf");
        }
    }

    private static Map<String, String> tracesTo(FakeCollector collector, Map<String, String> more) {
        Map<String, String> settings = new HashMap<>(FreshDatabase.create().settings());
        settings.putAll(Map.of("QUARKUS_OTEL_SDK_DISABLED", "false",
                "QUARKUS_OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", collector.endpoint(), "QUARKUS_OTEL_BSP_SCHEDULE_DELAY", "50ms"));
        settings.putAll(more);
        return settings;
    }
}
