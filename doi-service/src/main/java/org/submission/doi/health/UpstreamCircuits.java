package org.submission.doi.health;

import io.smallrye.faulttolerance.api.CircuitBreakerState;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.submission.doi.upstream.OaLookupClient;
import org.submission.doi.upstream.RegistryClient;
import org.submission.doi.upstream.UpstreamPace;

/**
 * Reports whether the upstreams are currently considered reachable (their circuit breakers), and
 * why the lookup service is not called when DOI_SERVICE_MAILTO is missing, without calling them
 * and without ever failing readiness: the service still answers 400s, and
 * 503s with Retry-After, while an upstream is down, and restarting pods would not bring it back.
 */
@Readiness
@ApplicationScoped
public class UpstreamCircuits implements HealthCheck {

    private final RegistryClient registry;
    private final OaLookupClient oaLookup;

    public UpstreamCircuits(RegistryClient registry, OaLookupClient oaLookup) {
        this.registry = registry;
        this.oaLookup = oaLookup;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("upstreams").up()
                .withData(RegistryClient.NAME, describe(registry.circuitState()))
                .withData(RegistryClient.NAME + " pace", describe(registry.pace()))
                .withData(OaLookupClient.NAME, oaLookup.configured() ? describe(oaLookup.circuitState())
                        : "not called: DOI_SERVICE_MAILTO is not set (it needs an email on every call); /doi/manuscript answers 503")
                .withData(OaLookupClient.NAME + " pace", describe(oaLookup.pace()))
                .build();
    }

    /** What this pod has learnt of the upstream's pace (what the pods keep in doi_upstream, as it last saw it). */
    private static String describe(UpstreamPace pace) {
        long spacing = pace.inEffectMillis();
        long paused = pace.pausedFor();
        return (spacing > 0 ? "calls spaced " + spacing + " ms" : "no rate to keep")
                + (paused > 0 ? "; paused until " + Instant.ofEpochMilli(pace.pausedUntil()) : "");
    }

    private static String describe(CircuitBreakerState state) {
        return switch (state) {
            case CLOSED -> "reachable";
            case HALF_OPEN -> "recovering";
            case OPEN -> "failing (circuit open)";
        };
    }
}
