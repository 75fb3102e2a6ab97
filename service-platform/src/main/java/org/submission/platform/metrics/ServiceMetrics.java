package org.submission.platform.metrics;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * What the dashboards and alert rules under deploy/ need from every service's metrics: a
 * {@code service} label on every series, so that one query covers the three services whatever the
 * scrape configuration names its jobs, and latency buckets on the HTTP server timer, because
 * percentiles computed inside one pod cannot be combined across pods. The buckets are a fixed,
 * short list: each is a series per endpoint, method and status.
 */
public class ServiceMetrics {

    static final String HTTP_SERVER_REQUESTS = "http.server.requests";

    @Produces
    @Singleton
    MeterFilter serviceTag(@ConfigProperty(name = "quarkus.application.name") String service) {
        return MeterFilter.commonTags(List.of(Tag.of("service", service)));
    }

    @Produces
    @Singleton
    MeterFilter latencyBuckets(MetricsSettings settings) {
        double[] bounds = settings.latencyBuckets().stream().mapToDouble(bound -> bound.toNanos()).toArray();
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                if (!id.getName().equals(HTTP_SERVER_REQUESTS)) {
                    return config;
                }
                return DistributionStatisticConfig.builder().serviceLevelObjectives(bounds).build().merge(config);
            }
        };
    }
}
