package org.submission.policy.rest;

import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
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
import org.submission.policy.service.PolicyService;

/**
 * The two policy endpoints at {@code /policy/...}, also served at {@code /policy-service/...}, the
 * second path form PASS clients call (routed there by {@code submission.http.path-aliases} in
 * {@code application.properties}). Error answers are the shared JSON error body, which the shared
 * OpenAPI filter documents.
 */
@Path("/policy")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Policies")
public class PolicyResource {

    private static final String POST_NOTE = " The same answer as the GET, for a submission=<id> form body;"
            + " submission and explain may also be given in the query string, as for the GET. As a state-changing"
            + " method it needs the XSRF double submit (header X-XSRF-TOKEN equal to cookie XSRF-TOKEN).";
    private static final String POLICIES = "Funder policies through every grant's primary and direct funder, and the"
            + " institutional policy when the caller or the submitter is affiliated with the institution. Ascending id order.";
    private static final String REPOSITORIES = "Repositories of the submission's effective policies that apply to it. The"
            + " institutional repository is optional (selected) beside others and required when alone. Ascending id order;"
            + " both arrays always present.";
    private static final String BAD_REQUEST = "submission missing, empty, given twice, not a decimal integer (61;62"
            + " included) or out of range; explain not true/false";
    private static final String FORBIDDEN = "The caller is not the submitter, a preparer, an admin user or a backend account";
    private static final String NOT_FOUND = "No submission with that id";
    private static final String UNAVAILABLE = "The database is unreachable; retry later (header Retry-After)";

    private final PolicyService service;

    public PolicyResource(PolicyService service) {
        this.service = service;
    }

    @GET
    @Path("policies")
    @Operation(summary = "Policies that apply to a submission", description = POLICIES)
    @APIResponse(responseCode = "200", description = "The applicable policies", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.ARRAY, implementation = PolicyEntryBody.class)))
    @APIResponse(responseCode = "400", description = BAD_REQUEST)
    @APIResponse(responseCode = "401", description = "Not authenticated")
    @APIResponse(responseCode = "403", description = FORBIDDEN)
    @APIResponse(responseCode = "404", description = NOT_FOUND)
    @APIResponse(responseCode = "405", description = "Any method other than GET, HEAD, OPTIONS and POST on this path")
    @APIResponse(responseCode = "503", description = UNAVAILABLE)
    public Uni<List<PolicyEntryBody>> policies(@BeanParam PolicyQuery query) {
        return Uni.createFrom().deferred(() -> service.policies(query.submission(), query.explain())).map(PolicyEntryBody::of);
    }

    @POST
    @Path("policies")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_FORM_URLENCODED,
            schema = @Schema(implementation = SubmissionForm.class)))
    @Operation(summary = "Policies that apply to a submission (form variant)", description = POLICIES + POST_NOTE)
    @APIResponse(responseCode = "200", description = "The applicable policies", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.ARRAY, implementation = PolicyEntryBody.class)))
    @APIResponse(responseCode = "400", description = BAD_REQUEST)
    @APIResponse(responseCode = "401", description = "Not authenticated")
    @APIResponse(responseCode = "403", description = FORBIDDEN + "; or the X-XSRF-TOKEN header does not echo the XSRF-TOKEN cookie")
    @APIResponse(responseCode = "404", description = NOT_FOUND)
    @APIResponse(responseCode = "415", description = "POST body that is not application/x-www-form-urlencoded")
    @APIResponse(responseCode = "503", description = UNAVAILABLE)
    public Uni<List<PolicyEntryBody>> policiesByForm(byte[] body, @Context UriInfo uri,
                                                 @Parameter(hidden = true) @HeaderParam("Content-Type") String contentType) {
        return Uni.createFrom().deferred(() -> {
            FormRequest form = FormRequest.of(contentType, body, uri);
            return service.policies(form.submission(), form.explain());
        }).map(PolicyEntryBody::of);
    }

    @GET
    @Path("repositories")
    @Operation(summary = "Repositories to deposit a submission into", description = REPOSITORIES)
    @APIResponse(responseCode = "200", description = "Required and optional repositories",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RepositoryChoiceBody.class)))
    @APIResponse(responseCode = "400", description = BAD_REQUEST)
    @APIResponse(responseCode = "401", description = "Not authenticated")
    @APIResponse(responseCode = "403", description = FORBIDDEN)
    @APIResponse(responseCode = "404", description = NOT_FOUND)
    @APIResponse(responseCode = "405", description = "Any method other than GET, HEAD, OPTIONS and POST on this path")
    @APIResponse(responseCode = "503", description = UNAVAILABLE)
    public Uni<RepositoryChoiceBody> repositories(@BeanParam PolicyQuery query) {
        return Uni.createFrom().deferred(() -> service.repositories(query.submission(), query.explain()))
                .map(RepositoryChoiceBody::of);
    }

    @POST
    @Path("repositories")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_FORM_URLENCODED,
            schema = @Schema(implementation = SubmissionForm.class)))
    @Operation(summary = "Repositories to deposit a submission into (form variant)", description = REPOSITORIES + POST_NOTE)
    @APIResponse(responseCode = "200", description = "Required and optional repositories",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RepositoryChoiceBody.class)))
    @APIResponse(responseCode = "400", description = BAD_REQUEST)
    @APIResponse(responseCode = "401", description = "Not authenticated")
    @APIResponse(responseCode = "403", description = FORBIDDEN + "; or the X-XSRF-TOKEN header does not echo the XSRF-TOKEN cookie")
    @APIResponse(responseCode = "404", description = NOT_FOUND)
    @APIResponse(responseCode = "415", description = "POST body that is not application/x-www-form-urlencoded")
    @APIResponse(responseCode = "503", description = UNAVAILABLE)
    public Uni<RepositoryChoiceBody> repositoriesByForm(byte[] body, @Context UriInfo uri,
                                                    @Parameter(hidden = true) @HeaderParam("Content-Type") String contentType) {
        return Uni.createFrom().deferred(() -> {
            FormRequest form = FormRequest.of(contentType, body, uri);
            return service.repositories(form.submission(), form.explain());
        }).map(RepositoryChoiceBody::of);
    }
}
