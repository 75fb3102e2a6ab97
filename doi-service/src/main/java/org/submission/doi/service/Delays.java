package org.submission.doi.service;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;

/** Waits on a Vert.x timer, so that what follows runs on the same context and no thread sleeps. */
final class Delays {

    private Delays() {
    }

    static Uni<Void> after(Vertx vertx, long millis) {
        if (millis <= 0) {
            return Uni.createFrom().voidItem();
        }
        return Uni.createFrom().emitter(emitter -> vertx.setTimer(millis, id -> emitter.complete(null)));
    }

    /** Whole seconds for a Retry-After header, at least 1. */
    static int seconds(long millis) {
        return (int) Math.max(1, (millis + 999) / 1000);
    }
}
