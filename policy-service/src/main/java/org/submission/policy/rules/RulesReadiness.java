package org.submission.policy.rules;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** The rules file's state in the readiness answer: which file, and a refused change while the last good rules serve. */
@Readiness
@ApplicationScoped
public class RulesReadiness implements HealthCheck {

    private final RulesFile rules;

    public RulesReadiness(RulesFile rules) {
        this.rules = rules;
    }

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponse response = rules.readiness();
        return response != null ? response
                : HealthCheckResponse.named(RulesFile.NAME).up().withData("file", "none (POLICY_RULES_FILE unset)").build();
    }
}
