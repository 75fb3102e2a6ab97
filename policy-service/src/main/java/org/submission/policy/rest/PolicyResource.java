package org.submission.policy.rest;

import jakarta.ws.rs.Path;
import org.submission.policy.service.PolicyService;

/** {@code /policy/policies} and {@code /policy/repositories}. */
@Path("/policy")
public class PolicyResource extends PolicyEndpoints {

    public PolicyResource(PolicyService service) {
        super(service);
    }
}
