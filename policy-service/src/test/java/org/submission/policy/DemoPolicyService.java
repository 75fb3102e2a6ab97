package org.submission.policy;

import java.util.HashMap;
import java.util.Map;
import org.submission.platform.testing.PackagedServiceResource;

/** The packaged policy service of this module's {@code @QuarkusIntegrationTest}s, one for them all: a fresh database with the demo data. */
public class DemoPolicyService extends PackagedServiceResource {

    @Override
    public Map<String, String> start() {
        Map<String, String> settings = new HashMap<>(super.start());
        settings.put("submission.seed.demo", "true");
        return settings;
    }
}
