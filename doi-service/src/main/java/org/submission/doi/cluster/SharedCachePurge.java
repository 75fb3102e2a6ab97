package org.submission.doi.cluster;

import io.quarkus.logging.Log;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.submission.doi.config.DoiSettings;

/**
 * Keeps the shared answer table bounded: every purge interval each pod asks PostgreSQL to delete
 * expired answers, dead leases and the answers past the row bound; one pod at a time does it
 * (doi_purge takes a transaction-level advisory lock, the others skip).
 */
@ApplicationScoped
class SharedCachePurge {

    private long timer = -1;

    void start(@Observes StartupEvent start, Vertx vertx, Coordination coordination, DoiSettings settings) {
        long every = settings.cache().purgeInterval().toMillis();
        long maxRows = settings.cache().sharedMaxRows();
        if (every <= 0) {
            return;
        }
        timer = vertx.setPeriodic(every, id -> coordination.purge(maxRows).subscribe().with(
                deleted -> Log.debugf("shared DOI answer cache: %d rows purged", deleted),
                failure -> Log.debugf("purging the shared DOI answer cache failed: %s", failure.getMessage())));
    }

    void stop(@Observes ShutdownEvent stop, Vertx vertx) {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
    }
}
