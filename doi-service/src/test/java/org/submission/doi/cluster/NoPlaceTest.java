package org.submission.doi.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.doi.support.Fixtures.ARTICLE_JOURNAL;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreams;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;

/**
 * Every place for a registry call held by other pods (DOI_REGISTRY_CONCURRENCY, 3): a lookup waits
 * for one until DOI_UPSTREAM_RATE_WAIT, then answers 503 saying so, and makes no call.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class NoPlaceTest extends FreshUpstreams {

    @Test
    void aLookupFindingEveryPlaceHeldElsewhereAnswers503WithRetryAfterAndMakesNoCall() {
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"));
        pool.query("INSERT INTO doi_call_place SELECT 'Crossref', n, 'other-pod', '10.1/' || n,"
                + " clock_timestamp() + interval '1 minute' FROM generate_series(1, 3) n").execute().await().atMost(Duration.ofSeconds(10));

        Response answer = Api.journal(doi);

        assertThat(answer.statusCode()).isEqualTo(503);
        assertThat(answer.header("Retry-After")).isEqualTo("1");
        assertThat(answer.jsonPath().getString("error")).isEqualTo("All 3 calls to Crossref that may be open at once, over all"
                + " instances, are under way and none ended in time. Try again shortly.");
        assertThat(Upstreams.calls(upstream, "journal", doi)).isZero();
    }
}
