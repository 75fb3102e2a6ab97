package org.submission.doi.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.doi.support.Fixtures.ARTICLE_JOURNAL;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.Api;
import org.submission.doi.support.ContendedUpstreams;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreams;
import org.submission.doi.support.RateRule;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;

/**
 * A call held up after its turn under the rate (here: waiting for the upstream's one connection
 * of {@link ContendedUpstreams}, as a busy CPU or a slow connection would hold it) takes the next turn instead of going out late
 * and crowding the call after it, so that no stall can put more than the announced rate into one
 * interval, which the upstream would answer with a pause. A margin of 50 % spaces the turns 1.5 s
 * apart for the announced second: a call may go out up to 0.5 s after its turn starts and still
 * keep the second from the one before, as the upstream receives them, on a machine busy enough to
 * run a timer that late.
 */
@QuarkusTest
@TestProfile(ContendedUpstreams.class)
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class HeldUpCallsTest extends FreshUpstreams {

    private final ExecutorService clients = Executors.newFixedThreadPool(4);

    @AfterEach
    void stopClients() {
        clients.shutdownNow();
    }

    @Test
    void callsHeldUpPastTheirTurnsStillKeepTheAnnouncedRate() {
        String primer = Fixtures.newDoi();
        Upstreams.answer(upstream, "journal", primer, announcing(primer, 0));
        Api.journal(primer).then().statusCode(200);
        String slow = Fixtures.newDoi();
        String second = Fixtures.newDoi();
        String third = Fixtures.newDoi();
        // the slow answer keeps the one connection past the next two turns (1.5-2.0 s and 3.0-3.5 s after its own)
        Upstreams.answer(upstream, "journal", slow, announcing(slow, 4_000));
        Upstreams.answer(upstream, "journal", second, announcing(second, 0));
        Upstreams.answer(upstream, "journal", third, announcing(third, 0));

        CompletableFuture<Response> first = CompletableFuture.supplyAsync(() -> Api.journal(slow), clients);
        Upstreams.awaitCalls(upstream, "journal", slow, 1);
        CompletableFuture<Response> next = CompletableFuture.supplyAsync(() -> Api.journal(second), clients);
        CompletableFuture<Response> last = CompletableFuture.supplyAsync(() -> Api.journal(third), clients);

        assertThat(List.of(first.join(), next.join(), last.join())).extracting(Response::statusCode).containsOnly(200);
        List<Long> received = RateRule.received(upstream);
        assertThat(received).hasSize(4);
        RateRule.assertNeverMoreThan(received, 1, Duration.ofSeconds(1));
    }

    /** The work, announcing 1 call per second, after a delay. */
    private static ResponseDefinitionBuilder announcing(String doi, int delayMillis) {
        return Upstreams.json(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630")).withFixedDelay(delayMillis)
                .withHeader("X-Rate-Limit-Limit", "1").withHeader("X-Rate-Limit-Interval", "1s");
    }
}
