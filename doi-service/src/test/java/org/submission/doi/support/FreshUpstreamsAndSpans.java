package org.submission.doi.support;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;

/**
 * {@link FreshUpstreamsAndRecords}, with the spans the service exports while its test profile
 * switches traces on ({@link Traces.SdkOn}); none of an earlier test's left but those still under way.
 */
public abstract class FreshUpstreamsAndSpans extends FreshUpstreamsAndRecords {

    @Inject
    protected InMemorySpanExporter exporter;

    @BeforeEach
    protected void forgetEarlierSpans() {
        exporter.reset();
    }
}
