package org.submission.doi.support;

import java.util.HashMap;
import java.util.Map;
import org.submission.platform.testing.PackagedServiceResource;

/**
 * The packaged DOI service of this module's {@code @QuarkusIntegrationTest}s, one for them all, beside
 * {@link WireMockUpstreams} as both upstreams: a fresh database, the contact address the lookup
 * service needs, no rate until the registry announces one (at the default rate's 10 ms of slack,
 * lookups on a machine at a load average of 40 missed their turns and were answered 503, which no
 * test here is about), and any event-loop block over 100 ms reported with its stack.
 * {@code -Dslow-readers.write-budget=1G} runs them as before the write budget.
 */
public class DemoDoiService extends PackagedServiceResource {

    @Override
    protected Map<String, String> settings() {
        Map<String, String> settings = new HashMap<>(Map.of("doi.mailto", "pass-test@example.org", "doi.upstream.default-rate", "0",
                "quarkus.vertx.max-event-loop-execute-time", "100ms", "quarkus.vertx.warning-exception-time", "100ms"));
        String budget = System.getProperty("slow-readers.write-budget");
        if (budget != null) {
            settings.put("submission.http.write-budget", budget);
        }
        return settings;
    }
}
