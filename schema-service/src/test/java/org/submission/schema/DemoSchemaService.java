package org.submission.schema;

import java.util.Map;
import org.submission.platform.testing.PackagedServiceResource;
import org.submission.platform.testing.Requests;

/**
 * The packaged schema service of this module's {@code @QuarkusIntegrationTest}s, one for them all: a
 * fresh database with the demo data (schemas 10, 11, 12...), and the trusted proxy on, so that a
 * person named by it is a caller other than the backend account.
 */
public class DemoSchemaService extends PackagedServiceResource {

    @Override
    protected Map<String, String> settings() {
        return Map.of("submission.seed.demo", "true",
                "submission.proxy.auth", "true", "submission.proxy.secret", Requests.PROXY_SECRET);
    }
}
