package org.submission.platform.db;

import io.quarkus.runtime.ApplicationLifecycleManager;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.submission.platform.error.RouterErrors;
import org.submission.platform.startup.RequiredSettings;
import org.submission.platform.tracing.TraceExport;

/**
 * The main class of the three services. A service never starts a database of its own: without
 * one configured it stops before Quarkus starts, with one line an operator can act on (instead
 * of a stack trace from the connection pool). The local demo database is the launcher's. So it
 * does without any setting the deployment requires ({@link RequiredSettings}), one line each.
 */
@QuarkusMain
public final class DatabaseRequired {

    private static final String MIGRATE_AT_START = "quarkus.flyway.migrate-at-start";

    static final String MESSAGE = "SUBMISSION_DB_URL is not set: give the service its PostgreSQL"
            + " (postgresql://host:5432/dbname), or run ./run.sh for a local demo with an embedded database";

    /**
     * Exits with status 2, one line per problem, when no database is configured, a required setting is
     * missing or traces would need the gRPC exporter; else runs the service.
     */
    public static void main(String... args) {
        List<String> missing = new ArrayList<>(RequiredSettings.missingFromThisProcess().stream().map(RequiredSettings::line).toList());
        // Quarkus' own AppCDS generation mode stops before any database is used
        if (!configured() && !ApplicationLifecycleManager.isAppCDSGeneration()) {
            missing.add(MESSAGE);
        }
        TraceExport.refusal(property -> value(property, null)).ifPresent(missing::add);
        if (!missing.isEmpty()) {
            missing.forEach(System.err::println);
            System.exit(2);
        }
        RouterErrors.takeOverUriValidation();
        if (configured() && flywayHasNothingToDo()) {
            System.setProperty(MIGRATE_AT_START, "false");
            System.setProperty(DatabaseUrlInterceptor.JDBC_WANTED, "false");
        }
        Quarkus.run(args);
    }

    /**
     * A replica that starts on a migrated database (every start but the first), or with the
     * migrations switched off ({@code SUBMISSION_DB_MIGRATE=false}), need not boot Flyway and the
     * JDBC datasource that only serves it. Only for the operator's own settings: a service given
     * Quarkus' datasource or Flyway properties directly leaves the decision to Flyway.
     */
    static boolean flywayHasNothingToDo() {
        if (present("quarkus.datasource.jdbc.url") || present(MIGRATE_AT_START) || present("quarkus.datasource.username")) {
            return false;
        }
        if (!Boolean.parseBoolean(value("submission.db.migrate", "true"))) {
            return true;
        }
        return MigrationsApplied.in(DatabaseUrls.jdbc(value("submission.db.url", null)),
                value("submission.db.user", "postgres"), value("submission.db.password", ""));
    }

    /** As Quarkus reads them: a system property, else its environment variable. */
    static boolean configured() {
        return present("submission.db.url") || present("quarkus.datasource.reactive.url");
    }

    private static boolean present(String property) {
        return value(property, null) != null;
    }

    private static String value(String property, String otherwise) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            value = System.getenv(property.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_'));
        }
        return value == null || value.isBlank() ? otherwise : value;
    }
}
