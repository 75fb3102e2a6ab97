package org.submission.doi.upstream;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.mutiny.helpers.test.UniAssertSubscriber;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.submission.doi.model.Doi;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreams;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.error.ApiException;
import org.submission.platform.testing.EmbeddedPostgresResource;

/** Slow calls take at most the upstream's connections and its wait queue; past that, calls fail at once. */
@QuarkusTest
@TestProfile(UpstreamPoolTest.SmallPool.class)
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class UpstreamPoolTest extends FreshUpstreams {

    /** Two connections, where ContendedUpstreams' held-up calls need exactly one, and a wait queue of two. */
    public static class SmallPool implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("doi.upstream.pool-size", "2", "doi.upstream.max-waiting", "2",
                    "doi.upstream.deadline", "30s");
        }
    }

    private static final Duration SLOW = Duration.ofSeconds(4);

    @Inject
    RegistryClient registry;

    @Inject
    OaLookupClient oaLookup;

    @Test
    void pastTheConnectionsAndTheWaitQueueACallFailsAtOnceAndTheOtherUpstreamStillAnswers() {
        upstream.stubFor(get(urlPathMatching(WireMockUpstreams.REGISTRY_PATH + "10\\.5555/slow\\..*"))
                .willReturn(Upstreams.json(Fixtures.work("10.5555/slow", "J", "print:1111-1111"))
                        .withFixedDelay((int) SLOW.toMillis())));
        List<UniAssertSubscriber<Optional<String>>> calls = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            calls.add(registry.work(Doi.parse("10.5555/slow." + i).orElseThrow(), UpstreamTurns.NONE)
                    .subscribe().withSubscriber(UniAssertSubscriber.create()));
            if (i == 1) {
                // requests whose connection is still being opened count as waiting too
                upstreamAwaits(2);
            }
        }
        String fast = Fixtures.newDoi();
        Upstreams.answer(upstream, "manuscript", fast, Upstreams.json(Fixtures.text("oa-record.json")));

        assertThat(oaLookup.record(Doi.parse(fast).orElseThrow(), UpstreamTurns.NONE).await().atMost(SLOW.minusSeconds(1))).isPresent();
        UniAssertSubscriber<Optional<String>> refused = awaitOneFailure(calls, SLOW.minusSeconds(1));
        assertThat(refused.getFailure()).isInstanceOfSatisfying(ApiException.class, failure -> {
            assertThat(failure.status()).isEqualTo(503);
            assertThat(failure.getMessage()).isEqualTo("Too many requests to Crossref are waiting. Try again later.");
        });
        calls.remove(refused);
        calls.forEach(call -> call.awaitItem(SLOW.multipliedBy(4)));
        // the refused call never reached the upstream (a call that waited may have been retried once)
        assertThat(upstream.getAllServeEvents().stream().map(event -> event.getRequest().getUrl())
                .filter(url -> url.contains("/slow.")).collect(Collectors.toSet())).hasSize(4);
    }

    private void upstreamAwaits(int count) {
        long end = System.nanoTime() + SLOW.toNanos();
        while (upstream.getAllServeEvents().size() < count) {
            assertThat(System.nanoTime()).as("upstream calls started").isLessThan(end);
            pause();
        }
    }

    private static UniAssertSubscriber<Optional<String>> awaitOneFailure(List<UniAssertSubscriber<Optional<String>>> calls,
            Duration within) {
        long end = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < end) {
            for (UniAssertSubscriber<Optional<String>> call : calls) {
                if (call.getFailure() != null) {
                    return call;
                }
            }
            pause();
        }
        throw new AssertionError("no call was refused within " + within);
    }

    private static void pause() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
