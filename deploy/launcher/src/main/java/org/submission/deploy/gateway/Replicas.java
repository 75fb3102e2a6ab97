package org.submission.deploy.gateway;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The replicas of one service behind the gateway, taken in turn (round robin). A replica that
 * refused a connection, or whose readiness check failed, is left out of the turn until it
 * answers its readiness check again; while every replica is out, all of them are tried.
 */
public final class Replicas {

    private final List<URI> targets;
    private final AtomicInteger next = new AtomicInteger();
    private final Map<URI, Boolean> out = new ConcurrentHashMap<>();

    public Replicas(List<URI> targets) {
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("no replica");
        }
        this.targets = List.copyOf(targets);
    }

    public List<URI> targets() {
        return targets;
    }

    /** Every replica, the next one in turn first, those in rotation before those left out. */
    List<URI> inTurn() {
        int first = Math.floorMod(next.getAndIncrement(), targets.size());
        List<URI> order = new ArrayList<>(targets.size());
        List<URI> left = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            URI target = targets.get((first + i) % targets.size());
            (out.containsKey(target) ? left : order).add(target);
        }
        order.addAll(left);
        return order;
    }

    void takeOut(URI target) {
        out.put(target, Boolean.TRUE);
    }

    void putBack(URI target) {
        out.remove(target);
    }

}
