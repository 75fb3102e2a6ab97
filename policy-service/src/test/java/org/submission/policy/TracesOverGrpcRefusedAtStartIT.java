package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.FakeCollector;
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.PackagedService;

/**
 * The packaged service asked to send its traces over gRPC, whose libraries the package leaves out
 * ({@link TracesReachCollectorIT}): it stops at start with one line saying what to set instead. Its
 * own launcher, not Quarkus': a {@code @QuarkusIntegrationTest} fails before its tests when the
 * service does not start, and here not starting is the point.
 */
class TracesOverGrpcRefusedAtStartIT {

    @Test
    void theGrpcProtocolIsRefusedAtStartInOneLine() throws Exception {
        Map<String, String> settings = new HashMap<>(FreshDatabase.create().settings());
        try (FakeCollector collector = FakeCollector.start()) {
            settings.putAll(Map.of("QUARKUS_OTEL_SDK_DISABLED", "false", "QUARKUS_OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", collector.endpoint(),
                    "QUARKUS_OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "grpc"));
            try (PackagedService service = PackagedService.start(settings)) {
                assertThat(service.exitsWithin(Duration.ofSeconds(60))).as("exited; its output:\n%s", service.log()).isTrue();
                assertThat(service.process().exitValue()).isEqualTo(2);
                assertThat(service.log().lines()).contains("QUARKUS_OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=grpc is not supported:"
                        + " traces go to the collector over http/protobuf (its port 4318); unset it or set http/protobuf");
            }
        }
    }
}
