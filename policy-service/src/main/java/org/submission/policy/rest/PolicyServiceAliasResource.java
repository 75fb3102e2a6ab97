package org.submission.policy.rest;

import jakarta.ws.rs.Path;
import org.submission.policy.service.PolicyService;

/** The seed's second path form, {@code /policy-service/...}: the same endpoints. */
@Path("/policy-service")
public class PolicyServiceAliasResource extends PolicyEndpoints {

    public PolicyServiceAliasResource(PolicyService service) {
        super(service);
    }
}
