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

/** {@code GET /policy/compliance}: what each applicable policy requires, and whether a copy on the web satisfies it. */
@Path("/policy")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Policies")
public class ComplianceResource {

    private static final int MAX_DOI = 255;

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
    @APIResponse(responseCode = "400", description = "submission malformed, or doi not a DOI (10.<prefix>/<suffix>, at most 255 characters)")
    @APIResponse(responseCode = "404", description = "No submission with that id that the caller may ask about")
    public Uni<Map<String, Object>> compliance(@BeanParam PolicyQuery query,
                                               @Parameter(description = "The DOI to look up instead of the submission's")
                                               @RestQuery List<String> doi) {
        return Uni.createFrom().deferred(() -> compliance.compliance(query.submission(), doi(doi)));
    }

    private static String doi(List<String> values) {
        if (values == null || values.isEmpty()) {
            return null;
        }
        String value = values.size() == 1 ? values.get(0).trim() : "";
        if (!value.startsWith("10.") || !value.contains("/") || value.length() > MAX_DOI) {
            throw ApiException.badRequest("doi must be one DOI, 10.<prefix>/<suffix>, at most " + MAX_DOI + " characters.");
        }
        return value;
    }
}
