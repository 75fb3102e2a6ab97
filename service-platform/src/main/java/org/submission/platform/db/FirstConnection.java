package org.submission.platform.db;

import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Opens the pool's first connection while the start finishes, so that the first request (the
 * readiness probe included) does not wait for it. A failure changes nothing: readiness reports
 * the database, and the next request connects again.
 */
@ApplicationScoped
class FirstConnection {

    void open(@Observes StartupEvent start, Pool pool) {
        pool.query("SELECT 1").execute().subscribe().with(
                rows -> { },
                failure -> Log.debugf("the first database connection failed: %s", failure.getMessage()));
    }
}
