package org.submission.doi.cluster;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import org.submission.doi.metrics.DoiMetrics;
import org.submission.doi.upstream.UpstreamPace;
import org.submission.doi.upstream.UpstreamTurns;
import org.submission.platform.error.ApiException;

/**
 * The turns of one coordinated call's attempts (doi-service/README.md, "Across pods"): the first
 * was taken with the lease; each later one (a retry, or an attempt held up past its turn) is one
 * statement, {@code doi_take_turn}, which first tells the pods what the last answer taught (an
 * announced rate, a pause). A turn is current from its start until its slack has passed, on this
 * process's monotonic clock from when the database's answer arrived.
 */
final class RateTurns implements UpstreamTurns {

    private final String upstream;
    private final UpstreamPace pace;
    private final Coordination coordination;
    private final ClusterTimes times;
    private final Refusals refusals;
    private final DoiMetrics metrics;
    private final Vertx vertx;
    private final BooleanSupplier wanted;
    /** The monotonic clock in nanoseconds, as {@link System#nanoTime}. */
    private final LongSupplier nanoClock;
    /** Told once the call's answer is whole: gives its place among the upstream's calls open at once back. */
    private final Runnable answered;
    /** The first turn, taken with the lease, is still to be used. */
    private volatile boolean firstTaken;
    private volatile long currentUntil = Long.MAX_VALUE;

    RateTurns(String upstream, UpstreamPace pace, Coordination coordination, ClusterTimes times,
            Refusals refusals, DoiMetrics metrics, Vertx vertx, BooleanSupplier wanted, LongSupplier nanoClock) {
        this(upstream, pace, coordination, times, refusals, metrics, vertx, wanted, nanoClock, () -> { });
    }

    RateTurns(String upstream, UpstreamPace pace, Coordination coordination, ClusterTimes times,
            Refusals refusals, DoiMetrics metrics, Vertx vertx, BooleanSupplier wanted, LongSupplier nanoClock, Runnable answered) {
        this.answered = answered;
        this.upstream = upstream;
        this.pace = pace;
        this.coordination = coordination;
        this.times = times;
        this.refusals = refusals;
        this.metrics = metrics;
        this.vertx = vertx;
        this.wanted = wanted;
        this.nanoClock = nanoClock;
    }

    /** Waits for the first turn, which {@code doi_lookup_begin} gave in {@code millis}. */
    Uni<Void> first(long millis, long spacingMillis) {
        firstTaken = true;
        return waitFor(millis, spacingMillis, nanoClock.getAsLong());
    }

    @Override
    public Uni<Void> next() {
        if (firstTaken) {
            firstTaken = false;
            return Uni.createFrom().voidItem();
        }
        if (!wanted.getAsBoolean()) {
            return Uni.createFrom().failure(InFlightGuard.abandoned());
        }
        Long spacing = pace.spacingToPublish();
        Long pause = pace.takePauseToPublish();
        if (pause != null) {
            metrics.pause(upstream);
        }
        return coordination.turn(upstream, times.defaultSpacingMillis(), times.maxWaitMillis(), times.widened(spacing), pause)
                .ifNoItem().after(times.coordinationTimeout()).fail()
                .onFailure().transform(failure -> {
                    ApiException refusal = refusals.ofStatement(failure);
                    return refusal != null ? refusal : failure;
                })
                .chain(turn -> {
                    pace.published(spacing);
                    return switch (turn.state()) {
                        case PAUSED -> Uni.createFrom().<Void>failure(refusals.paused(turn.millis()));
                        case RATE -> Uni.createFrom().<Void>failure(refusals.noTurn(turn.millis()));
                        default -> waitFor(turn.millis(), turn.spacingMillis(), nanoClock.getAsLong());
                    };
                });
    }

    /** A large answer gives its place back before it is read, at the cost of a statement. */
    @Override
    public void answered() {
        answered.run();
    }

    @Override
    public boolean current() {
        return nanoClock.getAsLong() <= currentUntil;
    }

    private Uni<Void> waitFor(long millis, long spacingMillis, long now) {
        pace.inEffect(spacingMillis);
        if (millis > 0) {
            metrics.rateWait(upstream, millis);
        }
        currentUntil = spacingMillis <= 0 ? Long.MAX_VALUE
                : now + (millis + times.slackMillis(spacingMillis)) * 1_000_000L;
        return after(vertx, millis);
    }

    /** Waits on a Vert.x timer, so that what follows runs on the same context and no thread sleeps. */
    static Uni<Void> after(Vertx vertx, long millis) {
        if (millis <= 0) {
            return Uni.createFrom().voidItem();
        }
        return Uni.createFrom().emitter(emitter -> vertx.setTimer(millis, id -> emitter.complete(null)));
    }
}
