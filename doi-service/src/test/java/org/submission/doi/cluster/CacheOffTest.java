package org.submission.doi.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.doi.support.Api;
import org.submission.doi.support.ContendedUpstreams;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreams;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;

/** DOI_CACHE_TTL=0 ({@link ContendedUpstreams}): every request asks the upstream. */
@QuarkusTest
@TestProfile(ContendedUpstreams.class)
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class CacheOffTest extends FreshUpstreams {

    @ParameterizedTest
    @ValueSource(strings = {"journal", "manuscript"})
    void everyRequestAsksTheUpstream(String endpoint) {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, endpoint, doi, Upstreams.json(Fixtures.work(doi, "Uncached Journal", "print:4444-4444")));

        Api.endpoint(endpoint, doi).then().statusCode(200);
        Api.endpoint(endpoint, doi).then().statusCode(200);

        assertThat(Upstreams.calls(upstream, endpoint, doi)).isEqualTo(2);
    }
}
