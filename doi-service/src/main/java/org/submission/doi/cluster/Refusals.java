package org.submission.doi.cluster;

import io.quarkus.logging.Log;
import io.smallrye.mutiny.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.submission.doi.metrics.DoiMetrics;
import org.submission.platform.error.ApiException;
import org.submission.platform.error.DatabaseOutage;

/**
 * The 503s the coordination answers without calling one upstream, counted: under the upstream's
 * rate (a pause it asked for, no turn in time), and for a coordination statement that failed
 * (doi-service/README.md, "When PostgreSQL is slow or down"). A database that cannot be reached, or
 * does not answer within DOI_SERVICE_COORDINATION_TIMEOUT, cannot keep one call per DOI and the
 * rate across pods: the request gets 503 and no upstream call, so an outage never turns into a
 * storm of calls from every pod. Any other failure leaves the pod to work alone; the log says so at
 * most once per interval, without the statement or a stack trace. A database without the
 * coordination tables (a PASS database whose owner did not create them) is no failure: the pod
 * works alone, and readiness and {@code doi_coordination_tables} say so (CoordinationState).
 */
final class Refusals {

    private static final long WARNING_EVERY_MILLIS = 10_000;

    private final AtomicLong lastWarning = new AtomicLong();
    private final String upstream;
    private final DoiMetrics metrics;
    private final CoordinationState tables;

    Refusals(String upstream, DoiMetrics metrics, CoordinationState tables) {
        this.upstream = upstream;
        this.metrics = metrics;
        this.tables = tables;
    }

    ApiException paused(long millis) {
        metrics.rateRefusal(upstream, "paused");
        return ApiException.unavailable(upstream + " is limiting the request rate. Try again later.", seconds(millis));
    }

    ApiException noTurn(long millis) {
        metrics.rateRefusal(upstream, "no_turn");
        return ApiException.unavailable("Too many requests to " + upstream
                + " are waiting for a turn under its rate limit. Try again later.", seconds(millis));
    }

    ApiException noPlace(int places) {
        metrics.rateRefusal(upstream, "no_place");
        return ApiException.unavailable("All " + places + " calls to " + upstream + " that may be open at once, over all"
                + " instances, are under way and none ended in time. Try again shortly.", 1);
    }

    /** The 503 to answer for a database that is down or too slow; null when the pod may go on alone. */
    ApiException ofStatement(Throwable failure) {
        if (tables.missingIn(failure)) {
            return null;
        }
        metrics.coordinationFailure();
        boolean down = DatabaseOutage.causedBy(failure);
        boolean slow = !down && (DatabaseOutage.busy(failure) || failure instanceof TimeoutException);
        warn(down ? "the database is unreachable; answering 503 without calling"
                : slow ? "the database did not answer in time; answering 503 without calling"
                : "going on alone", failure);
        return down ? DatabaseOutage.unreachableAnswer() : slow ? DatabaseOutage.busyAnswer() : null;
    }

    /** The statement after a call failed: its answer stays in this pod only, its lease expires by itself. */
    void endFailed(Throwable failure) {
        if (tables.missingIn(failure)) {
            return;
        }
        metrics.coordinationFailure();
        warn("the answer stays in this pod", failure);
    }

    /** Whole seconds for a Retry-After header, at least 1. */
    static int seconds(long millis) {
        return (int) Math.max(1, (millis + 999) / 1000);
    }

    private void warn(String consequence, Throwable failure) {
        long now = System.currentTimeMillis();
        long last = lastWarning.get();
        if (now - last < WARNING_EVERY_MILLIS || !lastWarning.compareAndSet(last, now)) {
            Log.debugf("coordinating the %s lookup failed (%s): %s", upstream, consequence, DatabaseOutage.describe(failure));
            return;
        }
        Log.warnf("coordinating the %s lookup through the database failed, %s: %s", upstream, consequence,
                DatabaseOutage.describe(failure));
    }
}
