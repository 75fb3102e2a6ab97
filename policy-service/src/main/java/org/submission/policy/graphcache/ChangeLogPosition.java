package org.submission.policy.graphcache;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Where this pod is in PASS's change log: the oldest transaction still running at its last read
 * (from which the next read starts), the rows already read at or after it (read again until that
 * transaction ends, and told only once), and which rows no pod needs any more.
 *
 * <p>A row is pruned once it is older than an xmin this pod read a {@link #PRUNE_EVERY} ago; a pod
 * whose reads were {@link #LONGEST_GAP} or more apart (a stalled process) starts afresh instead of
 * trusting rows another pod may have pruned meanwhile. Called from the read's callbacks and the
 * overdue timer, which may run on different threads.
 */
final class ChangeLogPosition {

    static final long PRUNE_EVERY = Duration.ofSeconds(60).toNanos();
    static final long LONGEST_GAP = Duration.ofSeconds(30).toNanos();

    private final Map<Long, Long> seen = new HashMap<>();
    private Long xmin;
    private long lastRead;
    private Long pruneBelow;
    private long pruneBelowAt;

    /** The xmin the next read starts from; null before the first read and after a lost one. */
    synchronized String from() {
        return xmin == null ? null : Long.toString(xmin);
    }

    /** Whether a read sent at this time continues the one before: no change it returns can have been pruned. */
    synchronized boolean continuesAt(long sent) {
        return xmin != null && sent - lastRead < LONGEST_GAP;
    }

    /** Whether this row is read for the first time. */
    synchronized boolean firstTime(long seq, long xid) {
        return seen.putIfAbsent(seq, xid) == null;
    }

    /** After a read: where the next one starts, and what may be pruned now, if anything. */
    synchronized Optional<Long> advance(long readXmin, long sent) {
        xmin = readXmin;
        lastRead = sent;
        seen.values().removeIf(xid -> xid < readXmin);
        if (pruneBelow != null && sent - pruneBelowAt < PRUNE_EVERY) {
            return Optional.empty();
        }
        Optional<Long> prune = Optional.ofNullable(pruneBelow);
        pruneBelow = readXmin;
        pruneBelowAt = sent;
        return prune;
    }

    /** The rows of this read were taken as a change to every submission: none need telling again. */
    synchronized void forgetRows() {
        seen.clear();
    }

    /** A read failed or is overdue: the next starts afresh. */
    synchronized void lost() {
        xmin = null;
        seen.clear();
    }
}
