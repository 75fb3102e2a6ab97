package org.submission.doi.support;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;

/**
 * What a test against the WireMock upstreams ({@link WireMockUpstreams}) starts from: fresh
 * stubs, an empty request journal and closed circuits.
 */
public abstract class FreshUpstreams {

    @WireMockUpstreams.Server
    protected WireMockServer upstream;

    @Inject
    protected CircuitBreakerMaintenance circuits;

    @BeforeEach
    protected void resetUpstreams() {
        Upstreams.reset(upstream, circuits);
    }
}
