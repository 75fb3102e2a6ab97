package org.submission.doi.upstream;

import io.smallrye.mutiny.Uni;

/**
 * The turns of one call's attempts under the upstream's rate, which every pod keeps together
 * (doi-service/README.md, "Across pods"): each attempt, a retry included, goes out in a turn of
 * its own, and not later than that turn allows, so that a call held up on its way (a busy CPU, a
 * slow connection) cannot come too close to the next pod's call.
 */
public interface UpstreamTurns {

    /** No rate to keep: every attempt goes at once. */
    UpstreamTurns NONE = new UpstreamTurns() {
        @Override
        public Uni<Void> next() {
            return Uni.createFrom().voidItem();
        }

        @Override
        public boolean current() {
            return true;
        }
    };

    /**
     * Waits for the next turn (the first attempt's may have been taken already); fails with the
     * answer to give (503 with Retry-After) when no turn comes in time or the upstream asked for a pause.
     */
    Uni<Void> next();

    /** Whether the turn waited for may still be used now. */
    boolean current();

    /**
     * The call's last attempt has its answer whole, and one large enough to be read on the worker
     * pool: the upstream holds nothing open for it any more, and reading it may take a while
     * (tens of milliseconds, seconds for a hostile answer).
     */
    default void answered() {
    }
}
