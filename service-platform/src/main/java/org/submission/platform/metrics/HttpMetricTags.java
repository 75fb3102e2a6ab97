package org.submission.platform.metrics;

import io.micrometer.core.instrument.config.MeterFilter;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.submission.platform.http.HttpMethods;

/**
 * Keeps every tag of the HTTP metrics within a closed set, because each distinct value is a series
 * kept for the life of the process: a caller choosing a tag value could fill the heap (README
 * "Operations"). The metrics see a request before any route can refuse it, so a method no service
 * serves is counted as {@code OTHER}; the {@code uri} tag is bounded by Quarkus
 * ({@code suppress4xx-errors}, {@code max-uri-tags} in the shared configuration), {@code status}
 * and {@code outcome} are bounded by HTTP itself.
 */
public class HttpMetricTags {

    public static final String OTHER = "OTHER";

    @Produces
    @Singleton
    MeterFilter closedMethodTag() {
        return MeterFilter.replaceTagValues("method", invented -> OTHER, HttpMethods.NAMED.toArray(String[]::new));
    }
}
