package org.submission.shared.db;

import io.quarkus.runtime.ApplicationLifecycleManager;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.util.Locale;
import org.submission.shared.security.RequestScreen;

/**
 * The main class of the three services. A service never starts a database of its own: without
 * one configured it stops before Quarkus starts, with one line an operator can act on (instead
 * of a stack trace from the connection pool). The local demo database is the launcher's.
 */
@QuarkusMain
public final class DatabaseRequired {

    static final String MESSAGE = "SUBMISSION_DB_URL is not set: give the service its PostgreSQL"
            + " (postgresql://host:5432/dbname), or run ./run.sh for a local demo with an embedded database";

    /** Exits with status 2 when no database is configured, else runs the service. */
    public static void main(String... args) {
        // the AppCDS archive is recorded at package time, where no database exists and none is used
        if (!configured() && !ApplicationLifecycleManager.isAppCDSGeneration()) {
            System.err.println(MESSAGE);
            System.exit(2);
        }
        RequestScreen.takeOverUriValidation();
        Quarkus.run(args);
    }

    /** As Quarkus reads them: a system property, else its environment variable. */
    static boolean configured() {
        return present("submission.db.url") || present("quarkus.datasource.reactive.url");
    }

    private static boolean present(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            value = System.getenv(property.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_'));
        }
        return value != null && !value.isBlank();
    }
}
