package org.submission.shared.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;
import org.submission.shared.db.LocalDatabase;

/**
 * Points a {@code @QuarkusTest} at a real PostgreSQL: the server named by SUBMISSION_DB_URL when
 * it is set, else an embedded one started once per test JVM.
 */
public class EmbeddedPostgresResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        if (LocalDatabase.configured()) {
            return Map.of();
        }
        return Map.of("submission.db.url", LocalDatabase.start(), "submission.db.user", "postgres");
    }

    @Override
    public void stop() {
        // shared by every test class of the JVM; the shutdown hook stops it
    }
}
