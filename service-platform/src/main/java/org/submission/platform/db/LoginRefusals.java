package org.submission.platform.db;

import io.quarkus.logging.Log;
import io.vertx.core.Future;
import io.vertx.core.VertxException;
import io.vertx.sqlclient.SqlConnection;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.submission.platform.error.DatabaseOutage;

/**
 * A login the database refused (a password, role or database changed or gone: only an operator
 * mends it) is remembered, and the pool opens no connection until a pause has passed: each
 * request and readiness probe meanwhile fails at once with that refusal (503), instead of each
 * costing the database server a refused login and its log lines. Each refusal in a row doubles
 * the pause up to its maximum; once it has passed one connection at a time tries again, and a
 * login that succeeds forgets the refusals.
 */
@Singleton
public class LoginRefusals {

    /** The remembered refusal, answered instead of a new attempt; no stack trace of its own. */
    static final class Remembered extends VertxException {
        Remembered(Throwable refusal) {
            super("the database refused the services' login; no new attempt until the pause has passed", refusal, true);
        }
    }

    private record RefusedLogin(Throwable failure, long pauseNanos, long untilNanos) {
    }

    private final long firstPause;
    private final long maxPause;
    private final LongSupplier nanoTime;
    private RefusedLogin last;
    private boolean trying;

    @Inject
    LoginRefusals(DatabaseSettings settings) {
        this(settings.loginRetryMin(), settings.loginRetryMax(), System::nanoTime);
    }

    LoginRefusals(Duration firstPause, Duration maxPause, LongSupplier nanoTime) {
        this.firstPause = firstPause.toNanos();
        this.maxPause = Math.max(firstPause.toNanos(), maxPause.toNanos());
        this.nanoTime = nanoTime;
    }

    /** A new connection from {@code connect}, or, while a refused login is remembered, its failure at once. */
    public Future<SqlConnection> connect(Supplier<Future<SqlConnection>> connect) {
        Throwable refused = admit();
        if (refused != null) {
            return Future.failedFuture(new Remembered(refused));
        }
        return connect.get().onComplete(result -> settle(result.failed() ? result.cause() : null));
    }

    /** The refusal to answer instead of an attempt, or null when this caller may try. */
    synchronized Throwable admit() {
        if (last == null) {
            return null;
        }
        if (trying || nanoTime.getAsLong() - last.untilNanos() < 0) {
            return last.failure();
        }
        trying = true;
        return null;
    }

    /** The outcome of an attempt admitted: null when it logged in. */
    synchronized void settle(Throwable failure) {
        trying = false;
        if (failure == null) {
            last = null;
        } else if (DatabaseOutage.loginRefused(failure)) {
            long pause = last == null ? firstPause : Math.min(maxPause, last.pauseNanos() * 2);
            last = new RefusedLogin(failure, pause, nanoTime.getAsLong() + pause);
            Log.warnf("The database refused the services' login (%s); the next attempt in %d ms",
                    DatabaseOutage.describe(failure), Duration.ofNanos(pause).toMillis());
        }
    }
}
