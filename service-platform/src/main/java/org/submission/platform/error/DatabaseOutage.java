package org.submission.platform.error;

import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.sqlclient.ClosedConnectionException;
import io.vertx.sqlclient.DatabaseException;
import java.net.ConnectException;
import java.nio.channels.ClosedChannelException;
import java.sql.SQLException;
import java.util.Set;

/**
 * Recognises a failure that means "the database cannot be reached right now" (refused or lost
 * connection, a server shutting down or out of connection slots), as opposed to a bug. Such
 * failures are answered 503; the reactive pool reconnects by itself once the database is back.
 * Recognised by exception type and SQLSTATE, never by the (localised) message text.
 */
public final class DatabaseOutage {

    /** admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections. */
    private static final Set<String> OUTAGE_STATES = Set.of("57P01", "57P02", "57P03", "53300");

    private DatabaseOutage() {
    }

    public static boolean causedBy(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            // CLOSED_EXCEPTION: the one instance Vert.x fails writes on a connection the server dropped
            if (t instanceof ConnectException || t instanceof ClosedChannelException
                    || t instanceof ClosedConnectionException || t == ConnectionBase.CLOSED_EXCEPTION
                    || outageState(sqlState(t))) {
                return true;
            }
        }
        return false;
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
