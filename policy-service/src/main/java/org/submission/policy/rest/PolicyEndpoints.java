package org.submission.policy.rest;

import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.submission.policy.service.PolicyEntry;
import org.submission.policy.service.PolicyService;
import org.submission.policy.service.RepositoryChoice;

/**
 * The two policy endpoints, served under both path forms of the seed ({@link PolicyResource},
 * {@link PolicyServiceAliasResource}). Parameters are read as lists so that a repeated one is a
 * 400 rather than a silent pick.
 */
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Policies")
public abstract class PolicyEndpoints {

    private static final String SUBMISSION = "Id of the Submission: decimal digits, 0 to 9223372036854775807";
    private static final String EXPLAIN = "true adds \"reasons\" to every entry: how it was reached";
    private static final String POST_NOTE = " The same answer as the GET, for a submission=<id> form body;"
            + " submission and explain may also be given in the query string, as for the GET. As a state-changing"
            + " method it needs the XSRF double submit (header X-XSRF-TOKEN equal to cookie XSRF-TOKEN).";

    private final PolicyService service;

    protected PolicyEndpoints(PolicyService service) {
        this.service = service;
    }

    @GET
    @Path("policies")
    @Authenticated
    @Operation(summary = "Policies that apply to a submission",
            description = "Funder policies through every grant's primary and direct funder, and the institutional"
                    + " policy when the caller or the submitter is affiliated with the institution. Ascending id order.")
    @APIResponse(responseCode = "200", description = "The applicable policies",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(type = SchemaType.ARRAY, implementation = PolicyEntry.class)))
    @APIResponse(responseCode = "400", ref = PolicyApi.BAD_REQUEST)
    @APIResponse(responseCode = "401", ref = PolicyApi.UNAUTHENTICATED)
    @APIResponse(responseCode = "403", ref = PolicyApi.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = PolicyApi.NOT_FOUND)
    @APIResponse(responseCode = "405", ref = PolicyApi.NOT_ALLOWED)
    @APIResponse(responseCode = "503", ref = PolicyApi.UNAVAILABLE)
    public Uni<List<PolicyEntry>> policies(
            @Parameter(description = SUBMISSION, required = true, example = "60",
                    schema = @Schema(type = SchemaType.STRING, pattern = "^[0-9]+$")) @QueryParam("submission") List<String> submission,
            @Parameter(description = EXPLAIN, example = "false",
                    schema = @Schema(type = SchemaType.BOOLEAN)) @QueryParam("explain") List<String> explain) {
        return Uni.createFrom().deferred(() -> service.policies(
                RequestParameters.submission(submission), RequestParameters.explain(explain)));
    }

    @POST
    @Path("policies")
    @Authenticated
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_FORM_URLENCODED,
            schema = @Schema(implementation = SubmissionForm.class)))
    @Operation(summary = "Policies that apply to a submission (form variant)",
            description = "Funder and institutional policies, as the GET." + POST_NOTE)
    @APIResponse(responseCode = "200", description = "The applicable policies",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(type = SchemaType.ARRAY, implementation = PolicyEntry.class)))
    @APIResponse(responseCode = "400", ref = PolicyApi.BAD_REQUEST)
    @APIResponse(responseCode = "401", ref = PolicyApi.UNAUTHENTICATED)
    @APIResponse(responseCode = "403", ref = PolicyApi.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = PolicyApi.NOT_FOUND)
    @APIResponse(responseCode = "415", ref = PolicyApi.UNSUPPORTED)
    @APIResponse(responseCode = "503", ref = PolicyApi.UNAVAILABLE)
    public Uni<List<PolicyEntry>> policiesByForm(
            byte[] body, @Context UriInfo uri,
            @Parameter(hidden = true) @HeaderParam("Content-Type") String contentType) {
        return Uni.createFrom().deferred(() -> {
            FormRequest form = FormRequest.of(contentType, body, uri);
            return service.policies(form.submission(), form.explain());
        });
    }

    @GET
    @Path("repositories")
    @Authenticated
    @Operation(summary = "Repositories to deposit a submission into",
            description = "Repositories of the submission's effective policies that apply to it. The institutional"
                    + " repository is optional (selected) beside others and required when alone. Ascending id order;"
                    + " both arrays always present.")
    @APIResponse(responseCode = "200", description = "Required and optional repositories",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RepositoryChoice.class)))
    @APIResponse(responseCode = "400", ref = PolicyApi.BAD_REQUEST)
    @APIResponse(responseCode = "401", ref = PolicyApi.UNAUTHENTICATED)
    @APIResponse(responseCode = "403", ref = PolicyApi.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = PolicyApi.NOT_FOUND)
    @APIResponse(responseCode = "405", ref = PolicyApi.NOT_ALLOWED)
    @APIResponse(responseCode = "503", ref = PolicyApi.UNAVAILABLE)
    public Uni<RepositoryChoice> repositories(
            @Parameter(description = SUBMISSION, required = true, example = "60",
                    schema = @Schema(type = SchemaType.STRING, pattern = "^[0-9]+$")) @QueryParam("submission") List<String> submission,
            @Parameter(description = EXPLAIN, example = "false",
                    schema = @Schema(type = SchemaType.BOOLEAN)) @QueryParam("explain") List<String> explain) {
        return Uni.createFrom().deferred(() -> service.repositories(
                RequestParameters.submission(submission), RequestParameters.explain(explain)));
    }

    @POST
    @Path("repositories")
    @Authenticated
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_FORM_URLENCODED,
            schema = @Schema(implementation = SubmissionForm.class)))
    @Operation(summary = "Repositories to deposit a submission into (form variant)",
            description = "Required and optional repositories, as the GET." + POST_NOTE)
    @APIResponse(responseCode = "200", description = "Required and optional repositories",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RepositoryChoice.class)))
    @APIResponse(responseCode = "400", ref = PolicyApi.BAD_REQUEST)
    @APIResponse(responseCode = "401", ref = PolicyApi.UNAUTHENTICATED)
    @APIResponse(responseCode = "403", ref = PolicyApi.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = PolicyApi.NOT_FOUND)
    @APIResponse(responseCode = "415", ref = PolicyApi.UNSUPPORTED)
    @APIResponse(responseCode = "503", ref = PolicyApi.UNAVAILABLE)
    public Uni<RepositoryChoice> repositoriesByForm(
            byte[] body, @Context UriInfo uri,
            @Parameter(hidden = true) @HeaderParam("Content-Type") String contentType) {
        return Uni.createFrom().deferred(() -> {
            FormRequest form = FormRequest.of(contentType, body, uri);
            return service.repositories(form.submission(), form.explain());
        });
    }
}
