package org.submission.doi.cluster;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import org.submission.doi.metrics.DoiMetrics;
import org.submission.doi.model.Doi;
import org.submission.doi.upstream.UpstreamPace;

/**
 * After a call (doi-service/README.md, "Across pods"): its answer goes into this pod's memory and
 * to its caller at once, and one statement, {@code doi_lookup_end}, runs beside it: it keeps the
 * answer for the other pods, drops the lease (a failure too) and publishes an announced rate or a
 * pause. Nothing is lost by not waiting for it: a pod polling for the DOI gets the answer as soon
 * as the statement has run, the statement is one transaction, and a process stopping waits for it
 * ({@link Coordination#endLater}).
 */
final class AfterCall<T> {

    private final String upstream;
    private final UpstreamPace pace;
    private final Function<T, String> encode;
    private final MemoryCache<Optional<T>> memory;
    private final Refusals refusals;
    private final Coordination coordination;
    private final ClusterTimes times;
    private final DoiMetrics metrics;

    AfterCall(String upstream, UpstreamPace pace, Function<T, String> encode, MemoryCache<Optional<T>> memory,
            Refusals refusals, Coordination coordination, ClusterTimes times, DoiMetrics metrics) {
        this.upstream = upstream;
        this.pace = pace;
        this.encode = encode;
        this.memory = memory;
        this.refusals = refusals;
        this.coordination = coordination;
        this.times = times;
        this.metrics = metrics;
    }

    /** The call's outcome; with {@code tell}, the other pods are told of it by the end statement. */
    Uni<Optional<T>> called(Doi doi, Uni<Optional<T>> call, boolean tell) {
        return call.onItemOrFailure().transformToUni((answer, failure) -> {
            Duration life = answer == null ? Duration.ZERO : answer.isPresent() ? times.ttl() : times.notFoundTtl();
            if (answer != null) {
                memory.put(doi.key(), answer, life);
            }
            if (tell) {
                coordination.endLater(upstream, doi.key(), statement(doi, answer, life));
            }
            return failure == null ? Uni.createFrom().item(answer) : Uni.createFrom().failure(failure);
        });
    }

    /**
     * Drops a lease that a statement which timed out may have taken, if the database answers;
     * nobody waits for it (the database is down or slow: the lease may as well expire).
     */
    void release(Doi doi) {
        coordination.end(upstream, doi.key(), null, null, 0, null, null)
                .ifNoItem().after(times.coordinationTimeout()).fail()
                .subscribe().with(done -> { }, ignored -> { });
    }

    /**
     * Gives back the lease and the place of a lookup that makes no call, as the statement after a
     * call does: the DOI's next lookup on this pod waits for it ({@link Coordination#settled}).
     */
    void releaseLater(Doi doi) {
        coordination.endLater(upstream, doi.key(), coordination.end(upstream, doi.key(), null, null, 0, null, null)
                .ifNoItem().after(times.coordinationTimeout()).fail()
                .onFailure().invoke(refusals::endFailed).onFailure().recoverWithNull());
    }

    /**
     * Gives the call's place back as soon as its answer is whole, before the service reads it (a
     * hostile answer takes seconds of CPU that the upstream's bound need not wait for); the end
     * statement of the DOI runs after it.
     */
    void givePlaceBack(Doi doi) {
        coordination.givePlaceLater(upstream, doi.key(), coordination.givePlace(upstream, doi.key())
                .ifNoItem().after(times.coordinationTimeout()).fail()
                .onFailure().invoke(refusals::endFailed).onFailure().recoverWithNull());
    }

    private Uni<Void> statement(Doi doi, Optional<T> answer, Duration life) {
        Long pause = pace.takePauseToPublish();
        if (pause != null) {
            metrics.pause(upstream);
        }
        Long spacing = pace.spacingToPublish();
        String body = answer == null ? null : answer.map(encode).orElse(null);
        return coordination.end(upstream, doi.key(), answer == null ? null : answer.isPresent(), body,
                        life.toMillis(), times.widened(spacing), pause)
                .ifNoItem().after(times.coordinationTimeout()).fail()
                .invoke(() -> pace.published(spacing))
                .onFailure().invoke(refusals::endFailed).onFailure().recoverWithNull();
    }
}
