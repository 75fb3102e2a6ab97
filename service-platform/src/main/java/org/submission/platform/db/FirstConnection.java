package org.submission.platform.db;

import io.quarkus.logging.Log;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.sqlclient.DatabaseException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Opens the pool's first connection while the start finishes, so that the first request (the
 * readiness probe included) does not wait for it, and proves on it that statements with parameters
 * work: a connection pooler in transaction or statement mode loses what a session prepared, and
 * then every such statement fails while a parameterless readiness query still answers. That one
 * stops the service with one line, since no answer could work. Any other failure changes nothing:
 * readiness reports the database, and the next request connects again.
 */
@ApplicationScoped
class FirstConnection {

    // "prepared statement does not exist"
    private static final String STATEMENT_LOST = "26000";

    void open(@Observes StartupEvent start, Pool pool) {
        // twice on one connection: a statement the client keeps prepared is lost only after the
        // transaction that prepared it, so the first run can answer where the second fails
        pool.withConnection(connection -> connection.preparedQuery("SELECT $1::int").execute(Tuple.of(1))
                        .flatMap(first -> connection.preparedQuery("SELECT $1::int").execute(Tuple.of(2))))
                .subscribe().with(
                        rows -> { },
                        failure -> {
                            if (failure instanceof DatabaseException database && STATEMENT_LOST.equals(database.getSqlState())) {
                                Log.error("The database is reached through a connection pooler in transaction or statement"
                                        + " mode, which loses the statements the services prepare (" + failure.getMessage()
                                        + "): only session mode works (docs/settings.md, SUBMISSION_DB_URL)");
                                Quarkus.asyncExit(2);
                            } else {
                                Log.debugf("the first database connection failed: %s", failure.getMessage());
                            }
                        });
    }
}
