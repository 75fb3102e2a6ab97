package org.submission.platform.metrics;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;

/** {@code SUBMISSION_METRICS_*}: what the services' Prometheus metrics carry beyond Quarkus's defaults. */
@ConfigMapping(prefix = "submission.metrics")
public interface MetricsSettings {

    /**
     * Upper bounds of the HTTP request latency histogram ({@code http_server_requests_seconds_bucket}),
     * from which dashboards and alerts compute percentiles across pods (deploy/grafana, the alert
     * rules); each bound is a series per uri, method and status.
     */
    @WithDefault("5ms,10ms,25ms,50ms,100ms,250ms,500ms,1s,2500ms,5s,10s")
    List<Duration> latencyBuckets();
}
