package org.submission.schema.rest;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * One start for two settings no default-profile test may have, which leave each other alone (each
 * profile costs an augmentation and a start): a repository TTL of an hour, so that a repository read
 * once answers from memory ({@link RepositoryCacheTest}), and the workbench switched off, as the
 * production overlay sets it ({@link WorkbenchSwitchedOffTest}), which reads no repository.
 */
public class LongTtlWorkbenchOff implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("schema.service.repository-ttl", "1H", "schema.service.workbench.enabled", "false");
    }
}
