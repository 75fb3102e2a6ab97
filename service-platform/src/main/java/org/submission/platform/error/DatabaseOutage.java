package org.submission.platform.error;

import io.vertx.core.Future;
import io.vertx.core.VertxException;
import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import io.vertx.sqlclient.DatabaseException;
import java.net.SocketException;
import java.nio.channels.ClosedChannelException;
import java.sql.SQLException;
import java.util.Set;

/**
 * Recognises a failure that means "the database cannot be reached right now" (refused or lost
 * connection, a server shutting down or out of connection slots, a login the server refuses), as
 * opposed to a bug. Such failures are answered 503; the reactive pool reconnects by itself once
 * the database is back. Recognised by exception type and SQLSTATE, never by the server's
 * (localised) message text; the pool's few failures without a type of their own by their exact
 * class and the library's constant text. Recognised through public API only: the classes of
 * Vert.x's {@code impl} packages are the edge module's (service-edge/README.md).
 */
public final class DatabaseOutage {

    /** admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections. */
    private static final Set<String> OUTAGE_STATES = Set.of("57P01", "57P02", "57P03", "53300");
    /**
     * invalid_password, invalid_authorization_specification (no such role, or no pg_hba.conf line
     * for it), invalid_catalog_name (no such database): the server is up but refuses the services'
     * login, which only an operator can mend (docs/operator-guide.md, "SubmissionDatabaseLoginRefused").
     */
    private static final Set<String> LOGIN_STATES = Set.of("28P01", "28000", "3D000");
    /** object_not_in_prerequisite_state, fatal at login: the database does not allow connections. */
    private static final String NOT_ACCEPTING = "55000";
    /** query_canceled (statement_timeout), lock_not_available (lock_timeout). */
    private static final Set<String> BUSY_STATES = Set.of("57014", "55P03");
    /** The class of the failures Vert.x gives no type of their own ({@code Future.failedFuture(message)}). */
    private static final Class<? extends Throwable> UNTYPED = Future.failedFuture("").cause().getClass();
    /** The text of the failure the reactive pool fails a pooled query with when no connection came in time. */
    private static final String QUERY_ACQUIRE_TIMEOUT = "Timeout waiting for connection";
    /** The text of the one failure Vert.x fails writes with on a connection the server dropped. */
    private static final String CONNECTION_CLOSED = "Connection was closed";

    private DatabaseOutage() {
    }

    /** The answer to a request the database cannot serve because it cannot be reached: 503, Retry-After 5. */
    public static ApiException unreachableAnswer() {
        return ApiException.unavailable(ErrorMessages.DATABASE_UNAVAILABLE, 5);
    }

    /** The answer to a request the database is too busy to serve in time: 503, Retry-After 2. */
    public static ApiException busyAnswer() {
        return ApiException.unavailable(ErrorMessages.DATABASE_BUSY, 2);
    }

    public static boolean causedBy(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            // SocketException: a connection reset under a query (a server process terminated as the query
            // arrived), and ConnectException, a refused one
            if (t instanceof SocketException || t instanceof ClosedChannelException
                    || t instanceof ClosedConnectionException || constant(t, CONNECTION_CLOSED)
                    || outageState(sqlState(t)) || refusedLogin(t) || closedConnection(t)) {
                return true;
            }
        }
        return false;
    }

    /** An outage ({@link #causedBy}) in which the server refused the login: a password, role or database gone or changed. */
    public static boolean loginRefused(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (refusedLogin(t)) {
                return true;
            }
        }
        return false;
    }

    private static boolean refusedLogin(Throwable t) {
        String state = sqlState(t);
        return state != null && (LOGIN_STATES.contains(state)
                || NOT_ACCEPTING.equals(state) && t instanceof PgException pg && "FATAL".equals(pg.getSeverity()));
    }

    /**
     * The database is reachable but did not serve in time: no pooled connection within the
     * acquisition limit or too many waiting for one, a statement or lock wait over PostgreSQL's
     * limits (PoolLimits). Answered 503 like an outage; it never makes a replica unready.
     */
    public static boolean busy(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (constant(t, QUERY_ACQUIRE_TIMEOUT) || t instanceof ConnectionPoolTooBusyException || acquireTimeout(t)) {
                return true;
            }
            String state = sqlState(t);
            if (state != null && BUSY_STATES.contains(state)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A query given a pooled connection that has just closed (a reset the pool has not yet seen),
     * or queued on one as it closed. vertx-sql-client 4.5 gives these no type either: its exact
     * class and its constant texts, pinned by LostConnectionsTest and DatabaseOutageTest.
     */
    private static boolean closedConnection(Throwable t) {
        return t.getClass() == UNTYPED && t.getMessage() != null
                && (t.getMessage().startsWith("Connection is not active now")
                        || t.getMessage().startsWith("Pending requests failed to be sent due to connection has been closed"));
    }

    /** A connection acquisition that outlasted the pool's time limit (exact class and the library's constant text). */
    private static boolean acquireTimeout(Throwable t) {
        // the text, because vertx-sql-client 4.5 gives this failure no type (Future.failedFuture("Timeout")); PoolTimeoutsTest pins it
        return t.getClass() == UNTYPED && "Timeout".equals(t.getMessage());
    }

    /**
     * One of the library's constant failures without a type of their own: a {@link VertxException}
     * without stack trace and with the library's text (the pool's acquisition timeout, a private
     * constant; the closed connection's). PoolTimeoutsTest and DatabaseOutageTest fail if a new
     * version changes them.
     */
    private static boolean constant(Throwable t, String text) {
        return t.getClass() == VertxException.class && t.getStackTrace().length == 0 && text.equals(t.getMessage());
    }

    /** Connection exceptions (class 08) and the server states of an outage. */
    static boolean outageState(String sqlState) {
        return sqlState != null && (sqlState.startsWith("08") || OUTAGE_STATES.contains(sqlState));
    }

    private static String sqlState(Throwable t) {
        if (t instanceof DatabaseException database) {
            return database.getSqlState();
        }
        return t instanceof SQLException sql ? sql.getSQLState() : null;
    }

    public static String describe(Throwable failure) {
        Throwable t = failure;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
