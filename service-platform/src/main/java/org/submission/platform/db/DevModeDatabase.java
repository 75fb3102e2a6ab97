package org.submission.platform.db;

import io.smallrye.config.SmallRyeConfig;
import java.util.Map;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Dev mode's database when the developer names none: the embedded PostgreSQL of the tests and
 * ./run.sh (local-postgres), with the demo data. {@code quarkus:dev} asks for it with
 * {@code SUBMISSION_DB_DEV_EMBEDDED=true} (the parent pom's quarkus-maven-plugin configuration): Quarkus
 * sets its launch mode only once the main class has called {@code Quarkus.run}, too late to decide.
 * local-postgres is a test dependency, on dev mode's class path and never on a packaged service's,
 * so it is reached by name: a packaged service cannot start it even if asked. One server per
 * dev-mode JVM, kept across live reloads (each reload runs the main class again) and stopped when
 * the JVM ends (the server's own shutdown hook).
 */
final class DevModeDatabase {

    static final String LOCAL_POSTGRES = "org.submission.localpostgres.LocalPostgres";

    /** The demo's values, as ./run.sh gives them (the launcher's LocalStack), for those the developer leaves unset. */
    private static final Map<String, String> DEMO = Map.of(
            "submission.backend.user", "demo-backend",
            "submission.backend.password", "demo-password",
            "service.policy.institution", "example.edu",
            "service.policy.institutional-policy-title", "Example University Open Access Policy",
            "service.policy.institutional-repository-name", "Example Scholarship");

    private DevModeDatabase() {
    }

    /** Whether this start should have one: asked for, and no database configured. */
    static boolean wanted(boolean configured, DatabaseSettings database) {
        return !configured && database.devEmbedded();
    }

    /**
     * Starts it (or finds the one a previous reload started) and points the service at it, as ./run.sh
     * does; else the line that says why not (a packaged service).
     */
    static Optional<String> start(SmallRyeConfig asked) {
        String url;
        try {
            url = (String) Class.forName(LOCAL_POSTGRES, true, Thread.currentThread().getContextClassLoader())
                    .getMethod("sharedUrl").invoke(null);
        } catch (ClassNotFoundException e) {
            return Optional.of("SUBMISSION_DB_DEV_EMBEDDED is for ./mvnw quarkus:dev, which has the embedded PostgreSQL"
                    + " on its class path; this service has not");
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the embedded PostgreSQL did not start", e);
        }
        System.setProperty("submission.db.url", url);
        System.setProperty("submission.db.user", "postgres");
        System.setProperty("submission.db.password", "");
        System.setProperty("submission.db.migrate", "true");
        System.setProperty("submission.seed.demo", "true");
        DEMO.forEach((name, value) -> {
            if (asked.getConfigValue(name).getValue() == null) {
                System.setProperty(name, value);
            }
        });
        Logger.getLogger(ServiceMain.class).infof("Dev mode without SUBMISSION_DB_URL: the embedded PostgreSQL with the"
                + " demo data serves at %s (user postgres) until dev mode ends", url);
        return Optional.empty();
    }
}
