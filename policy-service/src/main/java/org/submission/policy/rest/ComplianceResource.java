package org.submission.policy.rest;

import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestQuery;
import org.submission.platform.error.ApiException;
import org.submission.policy.service.ComplianceService;
import org.submission.shared.doi.DoiSyntax;

/** {@code GET /policy/compliance}: what each applicable policy requires, and whether a copy on the web satisfies it. */
@Path("/policy")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Policies")
public class ComplianceResource {

    private final ComplianceService compliance;

    public ComplianceResource(ComplianceService compliance) {
        this.compliance = compliance;
    }

    @GET
    @Path("compliance")
    @Operation(summary = "Whether open copies satisfy the submission's policies", description = "Each applicable policy"
            + " (as /policy/policies for this caller) with what it requires and a verdict: satisfied (by which copies),"
            + " deposit (what to deposit where) or undecided (why: a missing date, no DOI, the DOI service unavailable)."
            + " A DOI service that is down, slow or refusing gives undecided verdicts, never a 5xx.")
    @APIResponse(responseCode = "200", description = "{\"submission\", \"doi\", \"policies\": [...]}")
    @APIResponse(responseCode = "400", description = "submission malformed, or doi not a DOI as the DOI service takes one"
            + " (10.<registrant>/<suffix>, at most " + DoiSyntax.MAX_LENGTH + " characters); the DOI service is not asked")
    @APIResponse(responseCode = "404", description = "No submission with that id that the caller may ask about")
    @APIResponse(responseCode = "429", description = "The caller has as many DOI lookups under way or waiting on this"
            + " instance as one caller may now (POLICY_DOI_QUEUE); header Retry-After: 1")
    @APIResponse(responseCode = "503", description = "Every DOI lookup place of this instance is held by other callers;"
            + " header Retry-After: 1")
    public Uni<Map<String, Object>> compliance(@BeanParam PolicyQuery query,
                                               @Parameter(description = "The DOI to look up instead of the submission's")
                                               @RestQuery List<String> doi) {
        return Uni.createFrom().deferred(() -> compliance.compliance(query.submission(), doi(doi)));
    }

    private static String doi(List<String> values) {
        if (values == null || values.isEmpty()) {
            return null;
        }
        // the DOI service's own rule: a DOI it would refuse is the caller's error, never a call
        return DoiSyntax.normalise(values.size() == 1 ? values.get(0) : null).orElseThrow(() -> ApiException.badRequest(
                "doi must be one DOI, 10.<registrant>/<suffix> (a doi: prefix or a doi.org/ address also do), at most "
                        + DoiSyntax.MAX_LENGTH + " printable characters."));
    }
}
