package org.submission.doi.cluster;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import org.submission.doi.config.DoiSettings.SameDoi;
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
 * A lookup that every waiting client has left is told so ({@code wanted}), and makes no call
 * when its turn comes.
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

    /** One instance, so that a client that joined as the work was abandoned can tell this failure from the others. */
    private static final ApiException ABANDONED = ApiException.unavailable("Every client waiting for this lookup has left.", 1);

    private static final String ALREADY_ACTIVE = "There is already an active request for ";

    private final Map<String, Flight<?>> inFlight = new ConcurrentHashMap<>();
    private final SameDoi sameDoi;
    /** Told "joined" or "rejected" for each request that met the DOI in flight here (metrics). */
    private final Consumer<String> met;

    public InFlightGuard(SameDoi sameDoi) {
        this(sameDoi, outcome -> { });
    }

    public InFlightGuard(SameDoi sameDoi, Consumer<String> met) {
        this.sameDoi = sameDoi;
        this.met = met;
    }

    /**
     * The work's outcome, or that of the work already running for the DOI, or 429. The work is
     * given whether any client still waits for it.
     */
    public <T> Uni<T> run(Doi doi, Function<BooleanSupplier, Uni<T>> work) {
        return run(doi, null, work);
    }

    /**
     * As {@link #run(Doi, Function)}, for work started on behalf of other work that is itself
     * guarded: the work is wanted while {@code starter} says its own clients still wait, or a
     * client that joined here does ({@code starter} null: the client that starts it, as above).
     */
    @SuppressWarnings("unchecked")
    public <T> Uni<T> run(Doi doi, BooleanSupplier starter, Function<BooleanSupplier, Uni<T>> work) {
        return Uni.createFrom().deferred(() -> {
            Flight<T> flight = new Flight<>();
            Flight<T> running = (Flight<T>) inFlight.putIfAbsent(doi.key(), flight);
            if (running != null) {
                met.accept(sameDoi == SameDoi.SHARE ? "joined" : "rejected");
                // joined just after the work found nobody waiting: this client is here, so it gets work of its own
                return sameDoi == SameDoi.SHARE
                        ? awaited(running, false).onFailure(failure -> failure == ABANDONED).recoverWithUni(() -> run(doi, starter, work))
                        : Uni.createFrom().failure(alreadyActive(doi));
            }
            // the client that starts the work waits for it before it runs: work that asks at once
            // whether it is wanted is
            BooleanSupplier wanted = flight::wanted;
            if (starter == null) {
                flight.waiting.incrementAndGet();
            } else {
                wanted = () -> starter.getAsBoolean() || flight.wanted();
            }
            BooleanSupplier asked = wanted;
            // nothing cancels this subscription: the callers below only wait for its outcome
            Uni.createFrom().deferred(() -> work.apply(asked))
                    .onTermination().invoke(() -> inFlight.remove(doi.key(), flight))
                    .subscribe().with(flight.outcome::complete, flight.outcome::completeExceptionally);
            return starter == null ? awaited(flight, true) : handedOver(flight);
        });
    }

    /** Whether work for this DOI key is running. */
    public boolean busy(String key) {
        return inFlight.containsKey(key);
    }

    /**
     * The outcome for one caller; cancelling it (the client left) leaves the work alone. The
     * outcome is handed over on the caller's own Vert.x context, which may not be the one the
     * work runs on.
     */
    private static <T> Uni<T> awaited(Flight<T> flight, boolean counted) {
        Uni<T> handed = handedOver(flight);
        return (counted ? handed : handed.onSubscription().invoke(flight.waiting::incrementAndGet))
                .onTermination().invoke(flight.waiting::decrementAndGet);
    }

    /** The outcome, handed over on the caller's own Vert.x context. */
    private static <T> Uni<T> handedOver(Flight<T> flight) {
        Uni<T> answer = Uni.createFrom().emitter(emitter -> flight.outcome.whenComplete((item, failure) -> {
            if (failure == null) {
                emitter.complete(item);
            } else {
                emitter.fail(failure);
            }
        }));
        Context caller = Vertx.currentContext();
        return caller == null ? answer : answer.emitOn(task -> caller.runOnContext(ignored -> task.run()));
    }

    /** The failure of work that every waiting client has left: no call was made and no turn taken for it. */
    static ApiException abandoned() {
        return ABANDONED;
    }

    /** Whether a failure is the 429 of {@link #alreadyActive}: work for the DOI was under way elsewhere. */
    public static boolean refusedAsActive(Throwable failure) {
        return failure instanceof ApiException refusal && refusal.status() == 429
                && String.valueOf(refusal.getMessage()).startsWith(ALREADY_ACTIVE);
    }

    static ApiException alreadyActive(Doi doi) {
        return ApiException.tooManyRequests(ALREADY_ACTIVE + doi + "; try again later.", 1);
    }
}
