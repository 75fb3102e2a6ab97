package org.submission.platform.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;
import org.submission.localpostgres.LocalPostgres;

/**
 * Points a {@code @QuarkusTest} at a real PostgreSQL: the server named by SUBMISSION_DB_URL when
 * it is set, else the embedded one of this test JVM.
 */
public class EmbeddedPostgresResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        if (externalServer()) {
            return Map.of();
        }
        return Map.of("submission.db.url", LocalPostgres.sharedUrl(), "submission.db.user", "postgres");
    }

    @Override
    public void stop() {
        // shared by every test class of the JVM; stopped at exit
    }

    /** True when SUBMISSION_DB_URL names the server the tests use. */
    public static boolean externalServer() {
        String url = System.getenv("SUBMISSION_DB_URL");
        return url != null && !url.isBlank();
    }

}
