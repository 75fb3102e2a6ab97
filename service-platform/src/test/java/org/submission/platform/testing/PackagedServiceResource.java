package org.submission.platform.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * What a {@code @QuarkusIntegrationTest}'s packaged service is given, as {@link PackagedService}
 * gives its own: a fresh database on the embedded PostgreSQL of the test JVM, the loopback host and
 * the backend account of {@link Requests}; a subclass's {@link #settings()} and the test's
 * {@code initArgs} (properties, e.g. {@code submission.seed.demo=true}) are added and may override
 * them. The test classes of a module that name the same arguments share one service, so that its
 * recording for the AOT cache holds all their requests.
 *
 * <p>The database is migrated and seeded by a first start of the package with the same settings,
 * before Quarkus starts the one the tests use: that one then starts as every replica but a
 * release's first does, without Flyway and its JDBC pool, and so does the start its AOT cache is
 * recorded from. The JVM loads every class of the cache at each start, used or not: recorded from
 * a migrating start, the cache made every pod load Flyway's, the JDBC pool's and the seed loader's
 * classes (4–6 MB of each cache, up to 20 MiB of RSS: deploy/bench/RESULTS.md, "The AOT cache
 * recorded on a migrated database").
 */
public class PackagedServiceResource implements QuarkusTestResourceLifecycleManager {

    private static final Duration FIRST_START_WITHIN = Duration.ofMinutes(3);

    private final Map<String, String> more = new HashMap<>();

    @Override
    public void init(Map<String, String> initArgs) {
        more.putAll(initArgs);
    }

    @Override
    public final Map<String, String> start() {
        FreshDatabase database = FreshDatabase.create();
        Map<String, String> settings = new HashMap<>(Map.of("submission.db.url", database.url(), "submission.db.user", "postgres",
                "quarkus.http.host", "127.0.0.1",
                "submission.backend.user", Requests.BACKEND, "submission.backend.password", Requests.BACKEND_PASSWORD));
        settings.putAll(settings());
        settings.putAll(more);
        try (PackagedService first = PackagedService.start(environment(settings))) {
            first.awaitReady(FIRST_START_WITHIN);
        }
        return settings;
    }

    /** What this module's service is given beyond the database and the account. */
    protected Map<String, String> settings() {
        return Map.of();
    }

    /**
     * The properties as the environment variables a process reads them from, without the traces'
     * settings: the first start's spans would reach a test's collector.
     */
    private static Map<String, String> environment(Map<String, String> properties) {
        Map<String, String> variables = new HashMap<>();
        properties.forEach((name, value) -> {
            if (!name.startsWith("quarkus.otel.")) {
                variables.put(SettingsReference.environmentName(name), value);
            }
        });
        return variables;
    }

    @Override
    public void stop() {
        // the database stays with the embedded server, which stops at the JVM's exit
    }
}
