package org.submission.policy.graphcache;

/**
 * What the readings of PASS's change counter ({@code V11__pass_change_counter.sql}) allow: the
 * epoch, which moves whenever the counter did, and whether a kept graph's check made now may be
 * trusted until the epoch moves again. The counter is a sequence, moved by a write's statement
 * before the write commits, so a reading that shows it moved cannot tell the writes still running:
 * checks are trusted again only once every transaction that existed at that reading has ended,
 * which the next reading's snapshot bounds (its xmax: every transaction begun before it has a lower
 * id) and a later one's xmin shows passed.
 *
 * <p>Called from the reads' callbacks and the overdue timer, which may run on different threads.
 */
final class CounterReadings {

    /** No check is trusted. */
    static final long UNTRUSTED = -1;

    private long counter;
    private long epoch;
    private boolean heard;
    private boolean horizonWanted = true;
    private long horizon = Long.MAX_VALUE;

    /** One reading: the counter's value and the reading's snapshot (its xmin and xmax). The first after a loss counts as a move. */
    synchronized void read(long value, long xmin, long xmax) {
        if (!heard || value != counter) {
            counter = value;
            epoch++;
            horizonWanted = true;
            horizon = Long.MAX_VALUE;
        } else if (horizonWanted) {
            horizon = xmax;
            horizonWanted = false;
        }
        heard = true;
        if (!horizonWanted && xmin >= horizon) {
            horizon = Long.MIN_VALUE;
        }
    }

    /** The readings stopped (a failed or overdue read, a trigger missing): nothing checked is trusted until they resume. */
    synchronized void lost() {
        heard = false;
        epoch++;
    }

    /** Whether the readings answer: the last one found every trigger in place. */
    synchronized boolean heard() {
        return heard;
    }

    /** The epoch in which a check made now stays true until the counter moves, or {@link #UNTRUSTED}. */
    synchronized long trusted() {
        return heard && !horizonWanted && horizon == Long.MIN_VALUE ? epoch : UNTRUSTED;
    }
}
