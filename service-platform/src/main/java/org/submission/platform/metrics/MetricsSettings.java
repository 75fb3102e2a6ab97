package org.submission.platform.metrics;

import io.smallrye.config.ConfigMapping;
import java.time.Duration;
import java.util.List;

/** {@code SUBMISSION_METRICS_*}: what the services' Prometheus metrics carry beyond Quarkus's defaults. */
@ConfigMapping(prefix = "submission.metrics")
public interface MetricsSettings {

    /**
     * Upper bounds of the HTTP request latency histogram ({@code http_server_requests_seconds_bucket}),
     * from which dashboards and alerts compute percentiles across pods.
     */
    List<Duration> latencyBuckets();
}
