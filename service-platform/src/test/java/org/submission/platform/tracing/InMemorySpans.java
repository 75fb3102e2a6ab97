package org.submission.platform.tracing;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The exporter the tests read spans from; the extension exports to it while the SDK is on. */
@ApplicationScoped
public class InMemorySpans {

    @Produces
    @Singleton
    InMemorySpanExporter exporter() {
        return InMemorySpanExporter.create();
    }
}
