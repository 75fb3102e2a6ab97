package org.submission.platform.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.Map;

/**
 * What a {@code @QuarkusIntegrationTest}'s packaged service is given, as {@link PackagedService}
 * gives its own: a fresh database on the embedded PostgreSQL of the test JVM, the loopback host and
 * the backend account of {@link Requests}; the test's {@code initArgs} (properties, e.g.
 * {@code submission.seed.demo=true}) are added and may override them. The test classes of a module
 * that name the same arguments share one service, so that its recording for the AOT cache holds
 * all their requests.
 */
public class PackagedServiceResource implements QuarkusTestResourceLifecycleManager {

    private final Map<String, String> more = new HashMap<>();

    @Override
    public void init(Map<String, String> initArgs) {
        more.putAll(initArgs);
    }

    @Override
    public Map<String, String> start() {
        FreshDatabase database = FreshDatabase.create();
        Map<String, String> settings = new HashMap<>(Map.of("submission.db.url", database.url(), "submission.db.user", "postgres",
                "quarkus.http.host", "127.0.0.1",
                "submission.backend.user", Requests.BACKEND, "submission.backend.password", Requests.BACKEND_PASSWORD));
        settings.putAll(more);
        return settings;
    }

    @Override
    public void stop() {
        // the database stays with the embedded server, which stops at the JVM's exit
    }
}
