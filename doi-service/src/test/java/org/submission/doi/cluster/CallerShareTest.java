package org.submission.doi.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.helpers.test.UniAssertSubscriber;
import io.smallrye.mutiny.subscription.UniEmitter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.submission.doi.metrics.DoiMetrics;
import org.submission.platform.error.ApiException;

/** How the pod's lookup places answer: all of them for a caller alone, 429 or 503 past them. */
class CallerShareTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final CallerShare shares = new CallerShare(8, 12, new DoiMetrics(registry));
    /** The lookups running, to end them when the test wants. */
    private final List<UniEmitter<? super String>> running = new ArrayList<>();

    private UniAssertSubscriber<String> lookUp(String caller) {
        return shares.run(caller, waited -> Uni.createFrom().<String>emitter(running::add))
                .subscribe().withSubscriber(UniAssertSubscriber.create());
    }

    @Test
    void twentyLookupsOfACallerAloneAllRunInTurn() {
        List<UniAssertSubscriber<String>> lookups = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            lookups.add(lookUp("alone"));
        }
        assertThat(running).hasSize(8);

        for (int i = 0; i < 20; i++) {
            running.get(i).complete("answer " + i);
        }

        assertThat(lookups).allSatisfy(lookup -> lookup.assertCompleted());
    }

    @Test
    void aCallerPastThePlacesGets429WithRetryAfterAndIsCounted() {
        for (int i = 0; i < 20; i++) {
            lookUp("flood");
        }

        ApiException refused = (ApiException) lookUp("flood").assertFailedWith(ApiException.class).getFailure();

        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.headers()).containsEntry("Retry-After", "1");
        assertThat(registry.get("submission.caller.refusals").tag("share", "lookups").counter().count()).isEqualTo(1);
    }

    @Test
    void aNewcomerToAFullPodTakesAFloodersPlaceAndRunsNext() {
        for (int i = 0; i < 20; i++) {
            lookUp("flood");
        }

        UniAssertSubscriber<String> victim = lookUp("victim");
        running.get(0).complete("a flooder's");

        assertThat(running).hasSize(9);
        running.get(8).complete("the victim's");
        victim.assertItem("the victim's");
    }
}
