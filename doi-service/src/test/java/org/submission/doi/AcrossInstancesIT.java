package org.submission.doi;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.doi.support.Fixtures.ARTICLE_JOURNAL;

import io.restassured.response.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreams;
import org.submission.doi.support.RateRule;
import org.submission.doi.support.TwoInstances;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.PackagedService;

/**
 * Two packaged instances of the service on one database, as two pods are: one upstream call per
 * DOI whichever instance a request reaches, a dead instance's lease taken over, the upstream's
 * announced rate and its pauses kept by both together (doi-service/README.md, "Across pods"). Its own
 * launcher ({@link org.submission.doi.support.TwoInstances}), not Quarkus', which runs one instance.
 */
class AcrossInstancesIT {

    private static final Duration LEASE = Duration.ofSeconds(3);

    @RegisterExtension
    static final TwoInstances pods = new TwoInstances(Map.of("DOI_SERVICE_LEASE_TIMEOUT", LEASE.toSeconds() + "s",
            "DOI_UPSTREAM_DEFAULT_RATE", "0", "DOI_UPSTREAM_RATE_WAIT", "10s",
            // this machine may run at a load of 25 on 2 cores, where calls are held up by 250-450 ms: a call
            // held up past its turn's slack (the margin's share of the spacing) takes the next turn, so the
            // rule holds either way; a wider margin makes that rarer
            "DOI_UPSTREAM_RATE_MARGIN", "0.3"));

    private final ExecutorService clients = Executors.newFixedThreadPool(12);

    @BeforeEach
    void freshUpstream() {
        pods.upstream().resetAll();
        pods.database().execute(FreshUpstreams.FORGET_COORDINATION);
    }

    @Test
    void eightConcurrentJournalLookupsOverTwoInstancesMakeOneCallAndTheOthersGet429() throws Exception {
        String doi = Fixtures.newDoi();
        Upstreams.answer(pods.upstream(), "journal", doi, Upstreams.json(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"))
                .withFixedDelay(2_000));

        List<Response> answers = concurrently(8, i -> Api.journal(i % 2 == 0 ? pods.first() : pods.second(), doi));

        assertThat(answers).extracting(Response::statusCode).containsOnly(200, 429).filteredOn(status -> status == 200).hasSize(1);
        assertThat(answers).filteredOn(answer -> answer.statusCode() == 429).allSatisfy(answer ->
                assertThat(answer.header("Retry-After")).isEqualTo("1"));
        assertThat(Upstreams.calls(pods.upstream(), "journal", doi)).isEqualTo(1);
    }

    @Test
    void eightConcurrentManuscriptLookupsOverTwoInstancesShareOneCall() throws Exception {
        String doi = Fixtures.newDoi();
        Upstreams.answer(pods.upstream(), "manuscript", doi, Upstreams.json(Fixtures.text("oa-record.json")).withFixedDelay(1_500));

        List<Response> answers = concurrently(8, i -> Api.manuscript(i % 2 == 0 ? pods.first() : pods.second(), doi));

        assertThat(answers).extracting(Response::statusCode).containsOnly(200);
        assertThat(answers).extracting(Response::asString).containsOnly(answers.get(0).asString());
        assertThat(Upstreams.calls(pods.upstream(), "manuscript", doi)).isEqualTo(1);
    }

    @Test
    void aRegistryAnswerFetchedByOneInstanceIsServedByTheOtherWithoutACall() {
        String doi = Fixtures.newDoi();
        Upstreams.work(pods.upstream(), doi, Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"));

        Response fetched = Api.journal(pods.first(), doi);
        Response served = Api.journal(pods.second(), doi);

        assertThat(fetched.statusCode()).isEqualTo(200);
        assertThat(served.statusCode()).isEqualTo(200);
        assertThat(served.jsonPath().getString("crossref.message.DOI")).isEqualTo(fetched.jsonPath().getString("crossref.message.DOI"));
        assertThat(Upstreams.calls(pods.upstream(), "journal", doi)).isEqualTo(1);
    }

    @Test
    void aNotFoundAnswerFetchedByOneInstanceIsServedByTheOtherWithoutACall() {
        String doi = Fixtures.newDoi();
        Upstreams.answer(pods.upstream(), "journal", doi, aResponse().withStatus(404));

        Response fetched = Api.journal(pods.first(), doi);
        Response served = Api.journal(pods.second(), doi);

        assertThat(fetched.statusCode()).isEqualTo(404);
        assertThat(served.statusCode()).isEqualTo(404);
        assertThat(served.jsonPath().getString("error")).isEqualTo(fetched.jsonPath().getString("error"));
        assertThat(Upstreams.calls(pods.upstream(), "journal", doi)).isEqualTo(1);
    }

    @Test
    void aLookupServedFromTheSharedCacheIsKeptInTheOtherInstancesMemory() {
        String doi = Fixtures.newDoi();
        Upstreams.answer(pods.upstream(), "manuscript", doi, Upstreams.json(Fixtures.text("oa-record.json")));
        Api.manuscript(pods.first(), doi).then().statusCode(200);
        Api.manuscript(pods.second(), doi).then().statusCode(200);
        pods.database().execute("TRUNCATE doi_answer");

        assertThat(Api.manuscript(pods.second(), doi).statusCode()).isEqualTo(200);
        assertThat(Upstreams.calls(pods.upstream(), "manuscript", doi)).isEqualTo(1);
    }

    @Test
    void anInstanceKilledMidLookupHasItsLeaseTakenOverAfterTheLeaseTimeout() {
        String doi = Fixtures.newDoi();
        Upstreams.answer(pods.upstream(), "journal", doi, Upstreams.json(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"))
                .withFixedDelay(60_000));
        try (PackagedService doomed = PackagedService.start(pods.settings()).awaitReady(TwoInstances.START)) {
            CompletableFuture.runAsync(() -> Api.journal(doomed, doi), clients);
            Upstreams.awaitCalls(pods.upstream(), "journal", doi, 1);
            doomed.kill();
        }
        long killed = System.nanoTime();
        Upstreams.work(pods.upstream(), doi, Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"));

        assertThat(Api.journal(pods.second(), doi).statusCode()).as("the dead instance's lease still holds").isEqualTo(429);
        Awaitility.await().atMost(LEASE.plusSeconds(5)).pollInterval(Duration.ofMillis(200))
                .until(() -> Api.journal(pods.second(), doi).statusCode() == 200);
        assertThat(Duration.ofNanos(System.nanoTime() - killed)).isLessThanOrEqualTo(LEASE.plusSeconds(5));
        assertThat(Upstreams.calls(pods.upstream(), "journal", doi)).isEqualTo(2);
    }

    @Test
    void anUpstreamAnnouncingTwoCallsPerSecondNeverGetsMoreFromBothInstancesTogether() throws Exception {
        pods.upstream().stubFor(get(urlPathMatching(WireMockUpstreams.REGISTRY_PATH + ".*"))
                .willReturn(Upstreams.json(Fixtures.work("10.5555/rate", ARTICLE_JOURNAL, "print:2049-3630"))
                        .withHeader("X-Rate-Limit-Limit", "2").withHeader("X-Rate-Limit-Interval", "1s")));
        Api.journal(pods.first(), Fixtures.newDoi()).then().statusCode(200);

        // six, whose turns (550 ms apart with the rate margin) end about 3 s on: the lookup's 5-s deadline
        // counts its wait for a turn, and ten left the last one 0.1-0.4 s for its call, too little on a loaded machine
        List<Response> answers = concurrently(6, i -> Api.journal(i % 2 == 0 ? pods.first() : pods.second(), Fixtures.newDoi()));

        assertThat(answers).extracting(Response::statusCode).containsOnly(200);
        List<Long> received = RateRule.received(pods.upstream());
        assertThat(received).hasSize(7);
        RateRule.assertNeverMoreThan(received, 2, Duration.ofSeconds(1));
    }

    @Test
    void a429WithRetryAfterSeenByOneInstancePausesTheOther() {
        String limited = Fixtures.newDoi();
        String other = Fixtures.newDoi();
        Upstreams.answer(pods.upstream(), "journal", limited, aResponse().withStatus(429).withHeader("Retry-After", "2"));
        Upstreams.work(pods.upstream(), other, Fixtures.work(other, ARTICLE_JOURNAL, "print:2049-3630"));

        Response paused = Api.journal(pods.first(), limited);
        Response alsoPaused = Api.journal(pods.second(), other);

        assertThat(paused.statusCode()).isEqualTo(503);
        assertThat(alsoPaused.statusCode()).isEqualTo(503);
        assertThat(Integer.parseInt(alsoPaused.header("Retry-After"))).isBetween(1, 2);
        assertThat(Upstreams.calls(pods.upstream(), "journal", other)).as("no call while paused").isZero();
        Awaitility.await().atMost(Duration.ofSeconds(6)).pollInterval(Duration.ofMillis(250))
                .until(() -> Api.journal(pods.second(), other).statusCode() == 200);
    }

    private List<Response> concurrently(int count, java.util.function.IntFunction<Response> request) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        List<CompletableFuture<Response>> sent = new ArrayList<>();
        IntStream.range(0, count).forEach(i -> sent.add(CompletableFuture.supplyAsync(() -> {
            try {
                go.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return request.apply(i);
        }, clients)));
        go.countDown();
        List<Response> answers = new ArrayList<>();
        for (CompletableFuture<Response> answer : sent) {
            answers.add(answer.get(30, TimeUnit.SECONDS));
        }
        return answers;
    }

}
