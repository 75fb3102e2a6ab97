package org.submission.doi.cluster;

import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.submission.doi.config.DoiSettings.SameDoi;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.metrics.DoiMetrics;
import org.submission.doi.model.Doi;
import org.submission.doi.upstream.UpstreamPace;
import org.submission.doi.upstream.UpstreamTurns;
import org.submission.platform.error.ApiException;

/**
 * One upstream's answers across all pods (doi-service/README.md, "Across pods"): this pod's
 * memory cache, then one statement that finds the answer in the shared cache or takes the lease
 * for the DOI and a turn under the upstream's rate, then the call, then one statement that keeps
 * the answer and drops the lease ({@link AfterCall}). Below the per-pod in-flight guard, so at most
 * one lookup per DOI and upstream on this pod gets here.
 * <p>
 * Each upstream's answers have a bean of their own, a subclass that says how an answer is kept in
 * the shared cache (JSON text) and read back, and what heap it holds.
 *
 * @param <T> the answer as the service produces it from the upstream's (found), kept as JSON
 */
public abstract class SingleFlight<T> {

    private static final long FIRST_POLL_MILLIS = 20;
    private static final long LAST_POLL_MILLIS = 200;

    private final String upstream;
    private final UpstreamPace pace;
    private final SameDoi sameDoi;
    private final MemoryCache<Optional<T>> memory;
    private final Coordination coordination;
    private final ClusterTimes times;
    private final AfterCall<T> after;
    private final CoordinationUnavailable unavailable;
    private final DoiMetrics metrics;
    private final Vertx vertx;
    private final CallerShare shares;
    /** The upstream's calls open at once over all pods; 0: no bound. */
    private final int places;

    /**
     * What a lookup does meeting another pod's lease ({@code sameDoi}), and how long it polls: for
     * that pod's answer ({@code busyUntil}), for a place to call ({@code placeUntil}).
     */
    private record Patience(SameDoi sameDoi, long busyUntil, long placeUntil) {
    }

    protected SingleFlight(String upstream, UpstreamPace pace, SameDoi sameDoi, DoiSettings settings,
            Coordination coordination, CallerShare shares, DoiMetrics metrics, Vertx vertx) {
        this(upstream, 0, pace, sameDoi, settings, coordination, shares, metrics, vertx);
    }

    /** {@code places}: at most that many of the upstream's calls open at once over all pods (0: no bound, at most 64). */
    protected SingleFlight(String upstream, int places, UpstreamPace pace, SameDoi sameDoi, DoiSettings settings,
            Coordination coordination, CallerShare shares, DoiMetrics metrics, Vertx vertx) {
        this.upstream = upstream;
        this.places = Math.max(0, Math.min(64, places));
        this.pace = pace;
        this.sameDoi = sameDoi;
        this.memory = new MemoryCache<>(settings.cache(), answer -> answer.map(this::bytes).orElse(0L));
        this.coordination = coordination;
        this.times = ClusterTimes.of(settings);
        this.metrics = metrics;
        this.vertx = vertx;
        this.shares = shares;
        this.unavailable = new CoordinationUnavailable(upstream, metrics, coordination.tables());
        this.after = new AfterCall<>(upstream, pace, this::encode, memory, unavailable, coordination, times, metrics);
    }

    /** The answer as the shared cache keeps it. */
    protected abstract String encode(T answer);

    /** The answer the shared cache kept; throws when it cannot be read (the upstream is then asked again). */
    protected abstract T decode(String body);

    /** The heap the answer holds, at most. */
    protected abstract long bytes(T answer);

    /**
     * Completes once the statement after this pod's last call for the DOI has run (at once when
     * none is under way): the answer goes to its client without waiting for that statement, and a
     * caller that must not answer before the other pods can see it waits here.
     */
    protected Uni<Void> settled(Doi doi) {
        return coordination.settled(upstream, doi.key());
    }

    /**
     * The answer (empty: the upstream does not know the DOI), from a cache or from {@code call};
     * past this pod's memory it waits for the {@code caller}'s turn and holds its place until it ends. No call is
     * made, and no further turn taken, once nobody {@code wanted} the answer.
     */
    protected Uni<Optional<T>> get(Doi doi, String caller, BooleanSupplier wanted, Function<UpstreamTurns, Uni<Optional<T>>> call) {
        return get(doi, caller, sameDoi, wanted, call);
    }

    /** As {@link #get(Doi, String, BooleanSupplier, Function)}, meeting another pod's lease as {@code sameDoi} says. */
    protected Uni<Optional<T>> get(Doi doi, String caller, SameDoi sameDoi, BooleanSupplier wanted,
            Function<UpstreamTurns, Uni<Optional<T>>> call) {
        return Uni.createFrom().deferred(() -> {
            Optional<T> kept = memory.get(doi.key());
            metrics.cache(upstream, "memory", kept != null);
            if (kept != null) {
                return Uni.createFrom().item(kept);
            }
            long paused = pace.pausedFor();
            if (paused > 0) {
                return Uni.createFrom().failure(unavailable.paused(paused));
            }
            // a lookup whose clients all left while it waited for its turn gives the place straight on
            return shares.run(caller, waited -> {
                long now = System.currentTimeMillis();
                return !waited || wanted.getAsBoolean()
                        ? shared(doi, wanted, call, new Patience(sameDoi, now + times.leaseMillis() + 1000, now + times.maxWaitMillis()),
                                FIRST_POLL_MILLIS)
                        : Uni.createFrom().failure(InFlightGuard.abandoned());
            });
        });
    }

    private Uni<Optional<T>> shared(Doi doi, BooleanSupplier wanted, Function<UpstreamTurns, Uni<Optional<T>>> call,
            Patience patience, long poll) {
        return coordination.begin(upstream, doi.key(), times.leaseMillis(), times.defaultSpacingMillis(), times.maxWaitMillis(),
                        places)
                .ifNoItem().after(times.coordinationTimeout()).fail()
                .onItemOrFailure().transformToUni((begin, failure) -> {
                    if (failure != null) {
                        return uncoordinated(doi, call, failure);
                    }
                    boolean hit = begin.state() == Coordination.State.CACHED;
                    if (hit || poll == FIRST_POLL_MILLIS) {
                        metrics.cache(upstream, "shared", hit);
                    }
                    return switch (begin.state()) {
                        case CACHED -> cached(doi, begin).map(answer -> Uni.createFrom().item(answer))
                                .orElseGet(() -> after.called(doi, Uni.createFrom().deferred(() -> call.apply(UpstreamTurns.NONE)), true));
                        case BUSY -> busy(doi, wanted, call, patience, poll);
                        case FULL -> full(doi, wanted, call, patience, poll);
                        case PAUSED -> Uni.createFrom().failure(unavailable.paused(begin.millis()));
                        case RATE -> Uni.createFrom().failure(unavailable.noTurn(begin.millis()));
                        case GO -> {
                            RateTurns turns = new RateTurns(upstream, pace, coordination, times, unavailable, metrics, vertx, wanted,
                                    System::nanoTime, places == 0 ? () -> { } : () -> after.givePlaceBack(doi));
                            yield turns.first(begin.millis(), begin.spacingMillis())
                                    .chain(() -> after.called(doi, Uni.createFrom().deferred(() -> wanted.getAsBoolean()
                                            ? call.apply(turns) : Uni.createFrom().failure(InFlightGuard.abandoned())), true));
                        }
                    };
                });
    }

    /**
     * The first statement failed: a database down or too slow is a 503 without a call (a begin
     * that timed out may still have taken the lease on the server: it is released, holder-checked,
     * if the database answers); otherwise the pod goes on alone.
     */
    private Uni<Optional<T>> uncoordinated(Doi doi, Function<UpstreamTurns, Uni<Optional<T>>> call, Throwable failure) {
        ApiException refusal = unavailable.ofStatement(failure);
        if (refusal != null) {
            after.release(doi);
            return Uni.createFrom().failure(refusal);
        }
        return after.called(doi, Uni.createFrom().deferred(() -> call.apply(UpstreamTurns.NONE)), false);
    }

    private Uni<Optional<T>> busy(Doi doi, BooleanSupplier wanted, Function<UpstreamTurns, Uni<Optional<T>>> call,
            Patience patience, long poll) {
        if (patience.sameDoi() == SameDoi.REJECT) {
            metrics.singleFlight(upstream, "rejected");
            return Uni.createFrom().failure(InFlightGuard.alreadyActive(doi));
        }
        if (poll == FIRST_POLL_MILLIS) {
            metrics.singleFlight(upstream, "joined");
        }
        if (System.currentTimeMillis() > patience.busyUntil()) {
            return Uni.createFrom().failure(ApiException.unavailable("The lookup of " + doi + " at " + upstream
                    + " is taking too long. Try again later.", 1));
        }
        // the other pod's answer lands in the shared cache; if it fails or dies, the lease comes free here
        return RateTurns.after(vertx, poll).chain(() -> shared(doi, wanted, call, patience, Math.min(LAST_POLL_MILLIS, poll * 2)));
    }

    /**
     * Every place for a call is taken, on this pod or others, or the free ones are due to lookups
     * that have waited longer: the lookup keeps its lease and its place in line and asks again until
     * a place comes to it, or gives both back and answers 503 once DOI_UPSTREAM_RATE_WAIT has passed
     * or nobody wants the answer when it would ask (a place taken for nobody would be a turn taken
     * from the lookups behind it).
     */
    private Uni<Optional<T>> full(Doi doi, BooleanSupplier wanted, Function<UpstreamTurns, Uni<Optional<T>>> call,
            Patience patience, long poll) {
        if (System.currentTimeMillis() + poll > patience.placeUntil()) {
            after.releaseLater(doi);
            return Uni.createFrom().failure(unavailable.noPlace(places));
        }
        return RateTurns.after(vertx, poll).chain(() -> {
            if (!wanted.getAsBoolean()) {
                after.releaseLater(doi);
                return Uni.createFrom().failure(InFlightGuard.abandoned());
            }
            return shared(doi, wanted, call, patience, Math.min(LAST_POLL_MILLIS, poll * 2));
        });
    }

    /** The shared cache's answer; empty when its row cannot be read back (then the upstream is asked). */
    private Optional<Optional<T>> cached(Doi doi, Coordination.Begin begin) {
        Optional<T> answer;
        try {
            answer = begin.found() ? Optional.of(decode(begin.body())) : Optional.empty();
        } catch (RuntimeException unreadable) {
            Log.warnf("the shared cache's %s answer for %s is unreadable; asking again", upstream, doi);
            return Optional.empty();
        }
        memory.put(doi.key(), answer, Duration.ofMillis(begin.millis()));
        return Optional.of(answer);
    }
}
