package org.submission.doi.support;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * One start for three tests whose settings no default-profile test may have, and which leave each
 * other alone (each profile costs an augmentation and a start):
 * <ul>
 * <li>one connection per upstream and turns spaced half again as wide as the announced rate
 * ({@code HeldUpCallsTest}: a call held up waiting for the connection); the others make one call
 * at a time and announce no rate;</li>
 * <li>no cache, DOI_CACHE_TTL=0 ({@code CacheOffTest}); the others ask for each DOI once, or
 * concurrently, sharing the one call in flight;</li>
 * <li>DOI_SERVICE_SAME_DOI=share ({@code SameDoiShareTest}), whose registry holds its answer until
 * the test has seen the requests join: the call's deadline and silence bound there only a test that
 * would hang, since on a machine busy with another build the joining can take longer than the
 * tests' 5 s and 10 s (a 504); the others never ask for a DOI whose lookup is in flight, and are
 * answered well within either.</li>
 * </ul>
 */
public class ContendedUpstreams implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("doi.upstream.pool-size", "1", "doi.upstream.rate-margin", "0.5",
                "doi.cache.ttl", "0",
                "doi.same-doi", "share", "doi.upstream.deadline", "60s", "doi.upstream.read-timeout", "60s");
    }
}
