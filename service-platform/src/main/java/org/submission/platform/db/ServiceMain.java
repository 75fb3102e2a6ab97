package org.submission.platform.db;

import io.quarkus.runtime.ApplicationLifecycleManager;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.ArrayList;
import java.util.List;
import org.submission.platform.error.RouterErrors;
import org.submission.platform.startup.RequiredSettings;
import org.submission.platform.tracing.TraceExport;

/**
 * The main class of the three services. A service never starts a database of its own: without
 * one configured it stops before Quarkus starts, with one line an operator can act on (instead
 * of a stack trace from the connection pool). The local demo database is the launcher's, and dev
 * mode's ({@link DevModeDatabase}). So it does without any setting the deployment requires
 * ({@link RequiredSettings}), one line each.
 */
@QuarkusMain
public final class ServiceMain {

    static final String MIGRATE_AT_START = "quarkus.flyway.migrate-at-start";

    static final String MESSAGE = "SUBMISSION_DB_URL is not set: give the service its PostgreSQL"
            + " (postgresql://host:5432/dbname), or run ./run.sh for a local demo with an embedded database";

    private ServiceMain() {
    }

    /**
     * Exits with status 2, one line per problem, when no database is configured, a required setting is
     * missing or traces would need the gRPC exporter; else runs the service.
     */
    public static void main(String... args) {
        List<String> missing = new ArrayList<>();
        SmallRyeConfig asked = operatorSettings();
        if (DevModeDatabase.wanted(configured(asked), asked.getConfigMapping(DatabaseSettings.class))) {
            DevModeDatabase.start(asked).ifPresent(missing::add);
        }
        SmallRyeConfig settings = operatorSettings();
        RequiredSettings.missingFrom(name -> value(settings, name)).stream().map(RequiredSettings::line).forEach(missing::add);
        // Quarkus' own AppCDS generation mode stops before any database is used
        if (!configured(settings) && !ApplicationLifecycleManager.isAppCDSGeneration()) {
            missing.add(MESSAGE);
        }
        TraceExport.refusal(property -> value(settings, property)).ifPresent(missing::add);
        if (!missing.isEmpty()) {
            missing.forEach(System.err::println);
            System.exit(2);
        }
        RouterErrors.takeOverUriValidation();
        if (configured(settings) && flywayHasNothingToDo(settings)) {
            // empty hides the derived value (DatabaseProperties): no JDBC datasource, so no Flyway either
            System.setProperty(MIGRATE_AT_START, "false");
            System.setProperty(DatabaseProperties.JDBC_URL, "");
        }
        Quarkus.run(args);
    }

    /**
     * What the operator set, as Quarkus will read it (a system property, else its environment variable),
     * with the defaults of {@link DatabaseSettings}: Quarkus's own configuration does not exist yet.
     */
    static SmallRyeConfig operatorSettings() {
        return new SmallRyeConfigBuilder().addSystemSources().addDiscoveredConverters().withMapping(DatabaseSettings.class)
                .withValidateUnknown(false).build();
    }

    /**
     * A replica that starts on a migrated database (every start but the first), or with the
     * migrations switched off ({@code SUBMISSION_DB_MIGRATE=false}), need not boot Flyway and the
     * JDBC datasource that only serves it. Only for the operator's own settings: a service given
     * Quarkus' datasource or Flyway properties directly leaves the decision to Flyway.
     */
    static boolean flywayHasNothingToDo(SmallRyeConfig settings) {
        if (value(settings, DatabaseProperties.JDBC_URL) != null || value(settings, MIGRATE_AT_START) != null
                || value(settings, "quarkus.datasource.username") != null) {
            return false;
        }
        DatabaseSettings database = settings.getConfigMapping(DatabaseSettings.class);
        if (!database.migrate()) {
            return true;
        }
        return MigrationsApplied.in(DatabaseUrls.jdbc(database.url().orElse(null)), database.user(),
                database.password().orElse(""));
    }

    static boolean configured(SmallRyeConfig settings) {
        return value(settings, "submission.db.url") != null || value(settings, DatabaseProperties.REACTIVE_URL) != null;
    }

    /** A setting's value, or null when it is unset or blank. */
    private static String value(SmallRyeConfig settings, String name) {
        String value = settings.getConfigValue(name).getValue();
        return value == null || value.isBlank() ? null : value;
    }
}
