package org.submission.doi.health;

import io.smallrye.faulttolerance.api.CircuitBreakerState;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.submission.doi.upstream.OaLookupClient;
import org.submission.doi.upstream.RegistryClient;

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
                .withData(OaLookupClient.NAME, oaLookup.configured() ? describe(oaLookup.circuitState())
                        : "not called: DOI_SERVICE_MAILTO is not set (it needs an email on every call); /doi/manuscript answers 503")
                .build();
    }

    private static String describe(CircuitBreakerState state) {
        return switch (state) {
            case CLOSED -> "reachable";
            case HALF_OPEN -> "recovering";
            case OPEN -> "failing (circuit open)";
        };
    }
}
