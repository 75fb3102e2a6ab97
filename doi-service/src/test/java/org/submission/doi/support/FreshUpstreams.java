package org.submission.doi.support;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.submission.doi.upstream.OaLookupClient;
import org.submission.doi.upstream.RegistryClient;

/**
 * What a test against the WireMock upstreams ({@link WireMockUpstreams}) starts from: fresh
 * stubs, an empty request journal, closed circuits, and no pace learnt from earlier answers
 * (announced rates, pauses; on this instance and in the database the instances share).
 */
public abstract class FreshUpstreams {

    @WireMockUpstreams.Server
    protected WireMockServer upstream;

    @Inject
    protected CircuitBreakerMaintenance circuits;

    /**
     * Forgets every lease, place, waiter and learned spacing, for the tests of one pod and of several.
     * In the order the service's functions lock them (a lease, then the upstream's row): the other
     * order deadlocked with a lookup of the previous test still ending (40P01 on a loaded machine).
     */
    public static final String FORGET_COORDINATION = "TRUNCATE doi_lease, doi_call_place, doi_place_wait, doi_upstream";

    @Inject
    RegistryClient registry;

    @Inject
    OaLookupClient oaLookup;

    @Inject
    protected Pool pool;

    @BeforeEach
    protected void resetUpstreams() {
        Upstreams.reset(upstream, circuits);
        registry.pace().reset();
        oaLookup.pace().reset();
        pool.query(FORGET_COORDINATION).execute().await().atMost(Duration.ofSeconds(10));
    }
}
