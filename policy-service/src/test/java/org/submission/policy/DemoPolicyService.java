package org.submission.policy;

import java.util.Map;
import org.submission.platform.testing.PackagedServiceResource;

/** The packaged policy service of this module's {@code @QuarkusIntegrationTest}s, one for them all: a fresh database with the demo data. */
public class DemoPolicyService extends PackagedServiceResource {

    @Override
    protected Map<String, String> settings() {
        return Map.of("submission.seed.demo", "true");
    }
}
