package org.submission.platform.fairness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.helpers.test.UniAssertSubscriber;
import io.smallrye.mutiny.subscription.UniEmitter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.submission.platform.fairness.FairQueue.NoPlaceReason;

class FairQueueTest {

    /** What happened to each piece of work, in order: "a1 started", "b2 PUSHED_OUT". */
    private final List<String> events = new ArrayList<>();

    private FairQueue.Waiter enter(FairQueue queue, String caller, String work) {
        return queue.enter(caller, waited -> events.add(work + (waited ? " started after waiting" : " started")),
                refusal -> events.add(work + " " + refusal));
    }

    /** No work of these callers holds a place: giving one back is refused. */
    private static void assertNothingRuns(FairQueue queue, String... callers) {
        for (String caller : callers) {
            assertThatThrownBy(() -> queue.release(caller)).isInstanceOf(IllegalStateException.class)
                    .hasMessage("no work of " + caller + " is running");
        }
    }

    @Test
    void aCallerAloneUsesTheWholeCapacityAndQueueAndIsRefusedOnlyPastThem() {
        FairQueue queue = new FairQueue(3, 2);
        for (int i = 1; i <= 6; i++) {
            enter(queue, "a", "a" + i);
        }

        assertThat(events).containsExactly("a1 started", "a2 started", "a3 started", "a6 OWN_EXCESS");
        events.clear();
        for (int i = 0; i < 5; i++) {
            queue.release("a");
        }
        assertThat(events).as("the two that waited").containsExactly("a4 started after waiting", "a5 started after waiting");
        assertNothingRuns(queue, "a");
    }

    @Test
    void turnsGoRoundRobinBetweenTheCallersThatWait() {
        FairQueue queue = new FairQueue(1, 10);
        enter(queue, "a", "a0");
        List.of("a1", "a2", "b1", "b2", "c1").forEach(work -> enter(queue, work.substring(0, 1), work));
        events.clear();

        for (String ended : List.of("a", "b", "c", "a", "b")) {
            queue.release(ended);
        }

        assertThat(events).containsExactly("b1 started after waiting", "c1 started after waiting", "a1 started after waiting",
                "b2 started after waiting", "a2 started after waiting");
    }

    @Test
    void aNewcomerTakesTheNextTurnAheadOfAFloodersQueue() {
        FairQueue queue = new FairQueue(2, 10);
        for (int i = 1; i <= 10; i++) {
            enter(queue, "flood", "f" + i);
        }
        enter(queue, "victim", "v1");
        events.clear();

        queue.release("flood");

        assertThat(events).containsExactly("v1 started after waiting");
    }

    @Test
    void aNewcomerToAFullQueuePushesOutTheNewestWaiterOfACallerHoldingMore() {
        FairQueue queue = new FairQueue(1, 2);
        List.of("f1", "f2", "f3").forEach(work -> enter(queue, "flood", work));
        events.clear();

        enter(queue, "victim", "v1");
        queue.release("flood");

        assertThat(events).containsExactly("f3 PUSHED_OUT", "v1 started after waiting");
    }

    @Test
    void aNewcomerToAPodFullOfCallersHoldingOneEachIsRefusedAsAllFull() {
        FairQueue queue = new FairQueue(1, 1);
        enter(queue, "a", "a1");
        enter(queue, "b", "b1");

        enter(queue, "c", "c1");

        assertThat(events).containsExactly("a1 started", "c1 ALL_FULL");
    }

    @Test
    void workThatLeavesWhileWaitingNeverStartsAndTheCallerIsForgotten() {
        FairQueue queue = new FairQueue(1, 1);
        enter(queue, "a", "a1");
        FairQueue.Waiter second = enter(queue, "b", "b1");

        queue.leave(second);
        queue.release("a");

        assertThat(events).containsExactly("a1 started");
        assertNothingRuns(queue, "a", "b");
        assertThat(queue.callers()).isZero();
    }

    @Test
    void submittedWorkKeepsItsPlaceUntilItEndsEvenWhenItsSubscriberLeft() {
        FairQueue queue = new FairQueue(1, 1);
        AtomicReference<UniEmitter<? super String>> running = new AtomicReference<>();
        UniAssertSubscriber<String> first = queue.submit("a", refusal -> new IllegalStateException(refusal.name()),
                waited -> Uni.createFrom().<String>emitter(running::set)).subscribe().withSubscriber(UniAssertSubscriber.create());
        UniAssertSubscriber<String> second = queue.submit("b", refusal -> new IllegalStateException(refusal.name()),
                waited -> Uni.createFrom().item(waited ? "b done after waiting" : "b done")).subscribe().withSubscriber(UniAssertSubscriber.create());

        first.cancel();
        assertThat(second.getItem()).isNull();
        running.get().complete("a done");

        second.assertItem("b done after waiting");
        assertNothingRuns(queue, "a", "b");
    }

    @Test
    void submittedWorkRefusedFailsWithWhatTheRefusalIsMadeInto() {
        FairQueue queue = new FairQueue(1, 0);
        queue.submit("a", refusal -> new IllegalStateException(refusal.name()), waited -> Uni.createFrom().<String>nothing())
                .subscribe().withSubscriber(UniAssertSubscriber.create());

        queue.submit("a", refusal -> new IllegalStateException(refusal.name()), waited -> Uni.createFrom().item("never"))
                .subscribe().withSubscriber(UniAssertSubscriber.create())
                .assertFailedWith(IllegalStateException.class, NoPlaceReason.OWN_EXCESS.name());
    }
}
