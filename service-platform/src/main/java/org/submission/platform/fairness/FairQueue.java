package org.submission.platform.fairness;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Fair queuing of a pod's work between its callers, so that fairness costs nothing when nobody
 * competes: up to {@code capacity} pieces of work run at once, whoever asks, and up to
 * {@code queue} more wait. When a place frees, the turn goes to the waiting caller with the
 * fewest running, ties round-robin (the one whose last turn is oldest, never served first), so a
 * newcomer takes the next turn rather than the end of a flooder's queue. A caller is refused only
 * for its own excess: with the queue full, a newcomer pushes out the newest waiter of the caller
 * holding the most places, when that caller holds more than one beyond it; otherwise the newcomer
 * is refused, as its own excess when it already holds a place, as the pod's when it holds none.
 * Callers are remembered only while they run or wait, so the maps never outgrow capacity plus queue.
 */
public final class FairQueue {

    /** Why a piece of work is not run: its caller's queue is full, every place is taken, or a newcomer took its place. */
    public enum NoPlaceReason { OWN_EXCESS, ALL_FULL, PUSHED_OUT }

    /** One piece of work waiting for its turn. */
    public static final class Waiter {
        private final String caller;
        /** Told whether the work waited for its turn. */
        private final Consumer<Boolean> start;
        private final Consumer<NoPlaceReason> refused;
        private boolean queued;

        private Waiter(String caller, Consumer<Boolean> start, Consumer<NoPlaceReason> refused) {
            this.caller = caller;
            this.start = start;
            this.refused = refused;
        }
    }

    private final int capacity;
    private final int queue;
    private final Map<String, Integer> running = new HashMap<>();
    /** The callers that wait, in the order they began to. */
    private final LinkedHashMap<String, ArrayDeque<Waiter>> waiting = new LinkedHashMap<>();
    /** When each caller running last started something, counted in turns. */
    private final Map<String, Long> lastTurn = new HashMap<>();
    private long turns;
    private int runningCount;
    private int waitingCount;

    public FairQueue(int capacity, int queue) {
        if (capacity < 1 || queue < 0) {
            throw new IllegalArgumentException("a fair queue needs at least one place to run (" + capacity
                    + ") and no negative queue (" + queue + ")");
        }
        this.capacity = capacity;
        this.queue = queue;
    }

    /**
     * Runs {@code work} when the caller's turn comes, subscribing to it apart from the answer, so
     * that it runs to its end and gives its place back then even when the answer's subscriber has
     * left. It starts on the Vert.x context of the subscription, told whether it waited for its
     * turn (whoever wanted it may have gone meanwhile). Work abandoned while waiting never starts;
     * work refused fails with what {@code refusals} makes of the reason.
     */
    public <T> Uni<T> submit(String caller, Function<NoPlaceReason, Throwable> refusals, Function<Boolean, Uni<T>> work) {
        return Uni.createFrom().emitter(emitter -> {
            Context context = Vertx.currentContext();
            Consumer<Boolean> run = waited -> Uni.createFrom().deferred(() -> work.apply(waited))
                    .onTermination().invoke(() -> release(caller))
                    .subscribe().with(emitter::complete, emitter::fail);
            Waiter waiter = new Waiter(caller, waited -> {
                if (context == null || context == Vertx.currentContext()) {
                    run.accept(waited);
                } else {
                    context.runOnContext(ignored -> run.accept(waited));
                }
            }, refusal -> emitter.fail(refusals.apply(refusal)));
            emitter.onTermination(() -> leave(waiter));
            enter(waiter);
        });
    }

    /**
     * Runs {@code start} now or in its turn, telling it whether it waited, or tells {@code refused}
     * why not; the started work calls {@link #release}.
     */
    public Waiter enter(String caller, Consumer<Boolean> start, Consumer<NoPlaceReason> refused) {
        Waiter waiter = new Waiter(caller, start, refused);
        enter(waiter);
        return waiter;
    }

    private void enter(Waiter waiter) {
        List<Runnable> then = new ArrayList<>();
        synchronized (this) {
            admit(waiter, then);
        }
        then.forEach(Runnable::run);
    }

    private void admit(Waiter waiter, List<Runnable> then) {
        String caller = waiter.caller;
        if (runningCount < capacity && waitingCount == 0) {
            started(waiter, then);
            return;
        }
        if (waitingCount < queue) {
            enqueue(waiter);
            return;
        }
        String fullest = fullestOtherThan(caller);
        if (fullest != null && held(fullest) > held(caller) + 1) {
            Waiter pushed = waiting.get(fullest).peekLast();
            remove(pushed);
            then.add(() -> pushed.refused.accept(NoPlaceReason.PUSHED_OUT));
            enqueue(waiter);
            return;
        }
        NoPlaceReason refusal = held(caller) > 0 ? NoPlaceReason.OWN_EXCESS : NoPlaceReason.ALL_FULL;
        then.add(() -> waiter.refused.accept(refusal));
    }

    /** A piece of work of the caller ended: its place goes to the next turn. */
    public void release(String caller) {
        List<Runnable> then = new ArrayList<>();
        synchronized (this) {
            Integer mine = running.get(caller);
            if (mine == null) {
                throw new IllegalStateException("no work of " + caller + " is running");
            }
            if (mine == 1) {
                running.remove(caller);
                forgetIfIdle(caller);
            } else {
                running.put(caller, mine - 1);
            }
            runningCount--;
            Waiter next = next();
            if (next != null) {
                remove(next);
                started(next, then);
            }
        }
        then.forEach(Runnable::run);
    }

    /** The waiter gives up (its client left); nothing happens when it has already started or been refused. */
    public synchronized void leave(Waiter waiter) {
        ArrayDeque<Waiter> its = waiting.get(waiter.caller);
        if (its != null && its.contains(waiter)) {
            remove(waiter);
        }
    }

    /** Callers running or waiting: what the maps hold. */
    public synchronized int callers() {
        Set<String> callers = new HashSet<>(running.keySet());
        callers.addAll(waiting.keySet());
        return callers.size();
    }

    private void started(Waiter waiter, List<Runnable> then) {
        running.merge(waiter.caller, 1, Integer::sum);
        lastTurn.put(waiter.caller, turns++);
        runningCount++;
        boolean waited = waiter.queued;
        then.add(() -> waiter.start.accept(waited));
    }

    private void enqueue(Waiter waiter) {
        waiter.queued = true;
        waiting.computeIfAbsent(waiter.caller, caller -> new ArrayDeque<>()).addLast(waiter);
        waitingCount++;
    }

    private void remove(Waiter waiter) {
        ArrayDeque<Waiter> its = waiting.get(waiter.caller);
        its.remove(waiter);
        waitingCount--;
        if (its.isEmpty()) {
            waiting.remove(waiter.caller);
            forgetIfIdle(waiter.caller);
        }
    }

    private void forgetIfIdle(String caller) {
        if (!running.containsKey(caller) && !waiting.containsKey(caller)) {
            lastTurn.remove(caller);
        }
    }

    /** The waiting caller with the fewest running, among equals the one whose last turn is oldest: its first waiter. */
    private Waiter next() {
        String chosen = null;
        int fewest = Integer.MAX_VALUE;
        long oldest = Long.MAX_VALUE;
        for (String caller : waiting.keySet()) {
            int its = running.getOrDefault(caller, 0);
            long last = lastTurn.getOrDefault(caller, -1L);
            if (its < fewest || its == fewest && last < oldest) {
                chosen = caller;
                fewest = its;
                oldest = last;
            }
        }
        return chosen == null ? null : waiting.get(chosen).peekFirst();
    }

    /** The waiting caller, other than {@code caller}, holding the most places; the latest to begin waiting among equals. */
    private String fullestOtherThan(String caller) {
        String fullest = null;
        int most = -1;
        for (String other : waiting.keySet()) {
            if (!other.equals(caller) && held(other) >= most) {
                fullest = other;
                most = held(other);
            }
        }
        return fullest;
    }

    private int held(String caller) {
        ArrayDeque<Waiter> its = waiting.get(caller);
        return running.getOrDefault(caller, 0) + (its == null ? 0 : its.size());
    }
}
