package org.submission.policy;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * One start for two settings no default-profile test may have, which leave each other alone (each
 * profile costs an augmentation and a start): an institutional title no policy has, whatever data
 * other tests left in the database ({@link OperationsTest}, whose OpenAPI document stays with the
 * UI off), and Swagger UI switched off ({@link SwaggerUiSwitchTest}, which reads no policy).
 */
public class UnmatchedTitleNoSwaggerUi implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("service.policy.institutional-policy-title", "No Policy Has This Title",
                "quarkus.swagger-ui.enabled", "false");
    }
}
