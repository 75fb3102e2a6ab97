package org.submission.edge;

import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.impl.pool.SqlConnectionPool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * While the database is unreachable, every statement run on the reactive pool fails at once with
 * the connection error, which its caller answers (503); the pool's acquisition timer, which it
 * does not cancel in that case, then fires anyway and tries to fail the same statement a second
 * time. Vert.x reports that second attempt as an uncaught IllegalStateException with a stack
 * trace, on every request and every readiness probe of an outage (docs/architecture.md, "Health, metrics and logs": an outage
 * logs one line per failure, no stack trace). This handler recognises it by where it was thrown
 * and logs it at debug; anything else still goes to the handler Quarkus installed. Delete when
 * https://github.com/eclipse-vertx/vertx-sql-client/issues/1706 is fixed.
 */
@ApplicationScoped
class PoolTimerRace {

    private static final String POOL = SqlConnectionPool.class.getName();

    void install(@Observes StartupEvent start, Vertx vertx) {
        Handler<Throwable> previous = vertx.exceptionHandler();
        vertx.exceptionHandler(failure -> {
            if (secondFailure(failure)) {
                Log.debugf("the pool's acquisition timer fired after the statement had already failed: %s", failure);
            } else if (previous != null) {
                previous.handle(failure);
            }
        });
    }

    /** An IllegalStateException thrown by completing a finished promise inside the pool. */
    static boolean secondFailure(Throwable failure) {
        if (!(failure instanceof IllegalStateException)) {
            return false;
        }
        StackTraceElement[] frames = failure.getStackTrace();
        for (int i = 0; i < Math.min(3, frames.length); i++) {
            if (frames[i].getClassName().startsWith(POOL)) {
                return true;
            }
        }
        return false;
    }
}
