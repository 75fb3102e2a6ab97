package org.submission.doi.cluster;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.submission.doi.config.DoiSettings.SameDoi;
import org.submission.doi.metrics.DoiMetrics;
import org.submission.doi.model.Doi;
import org.submission.platform.error.ApiException;

/**
 * One piece of work per DOI at a time on this instance. The mark is taken with one atomic
 * putIfAbsent, so two simultaneous requests cannot both start work. Once started, the work runs
 * to its end even when its caller goes away: a client that disconnects must not free the DOI for
 * a second upstream call, nor waste the answer that fills the cache. The mark is dropped when the
 * work ends in any way, before its outcome reaches the callers. A request for a DOI in flight is
 * refused with 429 ({@link SameDoi#REJECT}) or waits for the same outcome ({@link SameDoi#SHARE}).
 * This is the first level, per pod; {@link SingleFlight} below it does the same across pods.
 * <p>
 * Each caller (the authenticated principal) has a share: at most so many lookups it started under
 * way on this pod, each counting until it ends even when the client has left, so that one caller's
 * flood of new DOIs cannot book every turn under the upstream's rate; past it, 429 at once. Waiting
 * for a lookup already under way costs no share: it takes no turn. A lookup that every
 * waiting client has left is told so ({@code wanted}), and does not call when its turn comes.
 */
public final class InFlightGuard {

    /** One DOI's work under way: its outcome, and how many clients wait for it. */
    private static final class Flight<T> {
        final CompletableFuture<T> outcome = new CompletableFuture<>();
        final AtomicInteger waiting = new AtomicInteger();

        boolean wanted() {
            return waiting.get() > 0;
        }
    }

    private final Map<String, Flight<?>> inFlight = new ConcurrentHashMap<>();
    /** Requests under way per caller; a caller holding none has no entry. */
    private final Map<String, Integer> callers = new ConcurrentHashMap<>();
    private final String upstream;
    private final SameDoi sameDoi;
    private final int share;
    private final DoiMetrics metrics;

    public InFlightGuard(String upstream, SameDoi sameDoi, int share, DoiMetrics metrics) {
        this.upstream = upstream;
        this.sameDoi = sameDoi;
        this.share = Math.max(1, share);
        this.metrics = metrics;
    }

    /**
     * The work's outcome, or that of the work already running for the DOI, or 429. The work is
     * given whether any client still waits for it.
     */
    @SuppressWarnings("unchecked")
    public <T> Uni<T> run(Doi doi, String caller, Function<BooleanSupplier, Uni<T>> work) {
        return Uni.createFrom().deferred(() -> {
            Flight<T> running = (Flight<T>) inFlight.get(doi.key());
            if (running != null) {
                return met(doi, running);
            }
            if (!enter(caller)) {
                metrics.callerRefusal();
                return Uni.createFrom().failure(ApiException.tooManyRequests("You have " + share
                        + " requests under way on this instance; try again when one has been answered.", 1));
            }
            Flight<T> flight = new Flight<>();
            running = (Flight<T>) inFlight.putIfAbsent(doi.key(), flight);
            if (running != null) {
                leave(caller);
                return met(doi, running);
            }
            // nothing cancels this subscription: the callers below only wait for its outcome
            Uni.createFrom().deferred(() -> work.apply(flight::wanted))
                    .onTermination().invoke(() -> {
                        inFlight.remove(doi.key(), flight);
                        leave(caller);
                    })
                    .subscribe().with(flight.outcome::complete, flight.outcome::completeExceptionally);
            return awaited(flight);
        });
    }

    /** A request that met the DOI's work under way: it waits for it (costing its caller no share), or 429. */
    private <T> Uni<T> met(Doi doi, Flight<T> running) {
        metrics.singleFlight(upstream, sameDoi == SameDoi.SHARE ? "joined" : "rejected");
        return sameDoi == SameDoi.SHARE ? awaited(running) : Uni.createFrom().failure(alreadyActive(doi));
    }

    /** Whether work for this DOI key is running. */
    public boolean busy(String key) {
        return inFlight.containsKey(key);
    }

    private boolean enter(String caller) {
        boolean[] admitted = {false};
        callers.compute(caller, (name, held) -> {
            int now = held == null ? 0 : held;
            if (now >= share) {
                return held;
            }
            admitted[0] = true;
            return now + 1;
        });
        return admitted[0];
    }

    private void leave(String caller) {
        callers.computeIfPresent(caller, (name, held) -> held <= 1 ? null : held - 1);
    }

    /**
     * The outcome for one caller; cancelling it (the client left) leaves the work alone. The
     * outcome is handed over on the caller's own Vert.x context, which may not be the one the
     * work runs on.
     */
    private static <T> Uni<T> awaited(Flight<T> flight) {
        Uni<T> answer = Uni.createFrom().emitter(emitter -> flight.outcome.whenComplete((item, failure) -> {
            if (failure == null) {
                emitter.complete(item);
            } else {
                emitter.fail(failure);
            }
        }));
        Context caller = Vertx.currentContext();
        Uni<T> handed = caller == null ? answer : answer.emitOn(task -> caller.runOnContext(ignored -> task.run()));
        return handed.onSubscription().invoke(flight.waiting::incrementAndGet)
                .onTermination().invoke(flight.waiting::decrementAndGet);
    }

    static ApiException alreadyActive(Doi doi) {
        return ApiException.tooManyRequests("There is already an active request for " + doi + "; try again later.", 1);
    }
}
