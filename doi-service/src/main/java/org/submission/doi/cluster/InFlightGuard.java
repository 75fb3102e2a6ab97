package org.submission.doi.cluster;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
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
 */
public final class InFlightGuard {

    private final Map<String, CompletableFuture<?>> inFlight = new ConcurrentHashMap<>();
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

    /** The work's outcome, or that of the work already running for the DOI, or 429. */
    @SuppressWarnings("unchecked")
    public <T> Uni<T> run(Doi doi, Supplier<Uni<T>> work) {
        return Uni.createFrom().deferred(() -> {
            CompletableFuture<T> outcome = new CompletableFuture<>();
            CompletableFuture<T> running = (CompletableFuture<T>) inFlight.putIfAbsent(doi.key(), outcome);
            if (running != null) {
                met.accept(sameDoi == SameDoi.SHARE ? "joined" : "rejected");
                return sameDoi == SameDoi.SHARE ? awaited(running) : Uni.createFrom().failure(alreadyActive(doi));
            }
            // nothing cancels this subscription: the callers below only wait for its outcome
            Uni.createFrom().deferred(work::get)
                    .onTermination().invoke(() -> inFlight.remove(doi.key(), outcome))
                    .subscribe().with(outcome::complete, outcome::completeExceptionally);
            return awaited(outcome);
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
    private static <T> Uni<T> awaited(CompletableFuture<T> outcome) {
        Uni<T> answer = Uni.createFrom().emitter(emitter -> outcome.whenComplete((item, failure) -> {
            if (failure == null) {
                emitter.complete(item);
            } else {
                emitter.fail(failure);
            }
        }));
        Context caller = Vertx.currentContext();
        return caller == null ? answer : answer.emitOn(task -> caller.runOnContext(ignored -> task.run()));
    }

    static ApiException alreadyActive(Doi doi) {
        return ApiException.tooManyRequests("There is already an active request for " + doi + "; try again later.", 1);
    }
}
