package org.submission.doi.cluster;

import io.quarkus.logging.Log;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.concurrent.atomic.AtomicLong;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.metrics.DoiMetrics;

/**
 * Keeps the shared answer table bounded, in rows and in bytes of bodies: every purge interval each
 * pod asks PostgreSQL to delete expired answers, dead leases and the answers past either bound; one
 * pod at a time does it (doi_purge takes a transaction-level advisory lock, the others skip). Each
 * pod then reads the table's size for its gauge.
 */
@ApplicationScoped
class SharedCachePurge {

    private final AtomicLong bytes = new AtomicLong();
    private long timer = -1;

    void start(@Observes StartupEvent start, Vertx vertx, Coordination coordination, DoiSettings settings, DoiMetrics metrics) {
        long every = settings.cache().purgeInterval().toMillis();
        long maxRows = settings.cache().sharedMaxRows();
        long maxBytes = settings.cache().sharedMaxBytes().asLongValue();
        metrics.sharedCache(bytes::get);
        if (every <= 0) {
            return;
        }
        timer = vertx.setPeriodic(every, id -> coordination.purge(maxRows, maxBytes)
                .invoke(deleted -> Log.debugf("shared DOI answer cache: %d rows purged", deleted))
                .chain(coordination::sharedBytes)
                .subscribe().with(bytes::set,
                        failure -> Log.debugf("purging the shared DOI answer cache failed: %s", failure.getMessage())));
    }

    void stop(@Observes ShutdownEvent stop, Vertx vertx) {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
    }
}
