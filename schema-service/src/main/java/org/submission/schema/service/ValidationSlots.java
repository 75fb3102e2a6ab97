package org.submission.schema.service;

import java.util.HashMap;
import java.util.Map;

/**
 * The validation slots (threads plus queue) and each caller's share of them. Without a share, one
 * caller's few connections held every slot and everyone else was refused; with it, a caller's
 * excess is refused as its own before the slots run out for others. A caller is remembered only
 * while it holds a slot, so there are never more entries than slots, whoever calls.
 */
final class ValidationSlots {

    enum Admission { ADMITTED, CALLER_FULL, ALL_FULL }

    private final int slots;
    private final int share;
    private final Map<String, Integer> held = new HashMap<>();
    private int taken;

    ValidationSlots(int slots, int share) {
        if (slots < 1 || share < 1) {
            throw new IllegalArgumentException("validation slots (" + slots + ") and a caller's share of them ("
                    + share + ") must be at least 1");
        }
        this.slots = slots;
        this.share = share;
    }

    /** Half of the slots, so that one caller always leaves some to others; at least one, so that it may validate at all. */
    static int defaultShare(int slots) {
        return Math.max(1, slots / 2);
    }

    /** A caller at its share is refused as such even when every slot is taken: the excess is its own. */
    synchronized Admission take(String caller) {
        int mine = held.getOrDefault(caller, 0);
        if (mine >= share) {
            return Admission.CALLER_FULL;
        }
        if (taken >= slots) {
            return Admission.ALL_FULL;
        }
        held.put(caller, mine + 1);
        taken++;
        return Admission.ADMITTED;
    }

    synchronized void release(String caller) {
        Integer mine = held.get(caller);
        if (mine == null) {
            throw new IllegalStateException("no validation slot held by " + caller);
        }
        if (mine == 1) {
            held.remove(caller);
        } else {
            held.put(caller, mine - 1);
        }
        taken--;
    }

    synchronized int taken() {
        return taken;
    }

    synchronized int heldBy(String caller) {
        return held.getOrDefault(caller, 0);
    }

    synchronized int callers() {
        return held.size();
    }
}
