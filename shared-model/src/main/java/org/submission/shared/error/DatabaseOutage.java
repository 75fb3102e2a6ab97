package org.submission.shared.error;

import java.net.ConnectException;
import java.nio.channels.ClosedChannelException;

/**
 * Recognises a failure that means "the database cannot be reached right now" (refused or lost
 * connection, a pool that cannot connect), as opposed to a bug. Such failures are answered 503;
 * the reactive pool reconnects by itself once the database is back.
 */
public final class DatabaseOutage {

    private DatabaseOutage() {
    }

    public static boolean causedBy(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ConnectException || t instanceof ClosedChannelException) {
                return true;
            }
            String message = String.valueOf(t.getMessage()).toLowerCase(java.util.Locale.ROOT);
            if (t instanceof io.vertx.core.VertxException
                    && (message.contains("connection") || message.contains("closed"))) {
                return true;
            }
            if (message.contains("connection refused") || message.contains("connection reset")
                    || message.contains("the database system is shutting down")
                    || message.contains("terminating connection due to administrator command")) {
                return true;
            }
        }
        return false;
    }

    public static String describe(Throwable failure) {
        Throwable t = failure;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
