package org.submission.schema.rest;

import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.submission.platform.security.Roles;
import org.submission.schema.service.EntityIds;
import org.submission.schema.service.MergeFlag;
import org.submission.schema.service.SchemaService;

/**
 * The schema endpoints at {@code /schemaservice}, also served at the alias {@code /schema} that
 * later clients call (routed there by {@code submission.http.path-aliases} in
 * {@code application.properties}). Error answers are the shared JSON error body, which the shared
 * OpenAPI filter documents for every error status.
 */
@Path("/schemaservice")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Metadata schemas")
public class SchemaResource {

    static final String BAD_REQUEST = "entityIds missing or empty, or with an empty or non-numeric id (1;2"
            + " included)";
    static final String NOT_FOUND = "An id names no repository";
    static final String CONFLICT = "A schema URI matches no stored document; a stored document from"
            + " SCHEMA_SERVICE_DIR is unusable (not JSON, not draft-07, an unresolvable $ref or a reference cycle); (merge)"
            + " two schemas give one place types that cannot merge, such as 'Type conflict at /definitions/form/properties/x:"
            + " array vs object'";
    static final String UNAVAILABLE = "The database is unreachable; retry later (header Retry-After)";

    static final String IDS = "Comma-separated repository ids (pass_repository.id); whitespace is ignored, a repeated id"
            + " counts once, request order is kept";
    private static final String MERGE = "Absent, or false/no/0 (any case): the schemas one by one. Any other value, or"
            + " none: one union schema";

    private final SchemaService service;

    public SchemaResource(SchemaService service) {
        this.service = service;
    }

    @GET
    @Operation(summary = "The metadata schemas of repositories",
            description = "The listed repositories' draft-07 schemas with every $ref resolved, in dependency order, or merged"
                    + " into one union schema")
    @APIResponse(responseCode = "200", description = "A JSON array of schemas; merged, exactly one ({} when there are none)",
            headers = @Header(name = "ETag", description = "Strong validator of this answer"),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.ARRAY, implementation = Object.class)))
    @APIResponse(responseCode = "304", description = "If-None-Match names the current answer's ETag")
    @APIResponse(responseCode = "400", description = BAD_REQUEST)
    @APIResponse(responseCode = "401", description = "Not authenticated")
    @APIResponse(responseCode = "404", description = NOT_FOUND)
    @APIResponse(responseCode = "409", description = CONFLICT)
    @APIResponse(responseCode = "503", description = UNAVAILABLE)
    public Uni<Response> schemas(@Parameter(description = IDS, required = true, example = "10,12") @QueryParam("entityIds") List<String> entityIds,
                                 @Parameter(description = MERGE, example = "true") @QueryParam("merge") String merge,
                                 @Context UriInfo uri, @Context Request request) {
        return service.schemas(EntityIds.parse(entityIds), MergeFlag.merged(mergeValue(merge, uri)))
                .map(answer -> ConditionalGet.answer(request, answer.body(), answer.etag()));
    }

    @POST
    @Path("validate")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Validate a metadata blob",
            description = "Validates the blob against every schema of the listed repositories, as a client does before"
                    + " submission. Send the X-XSRF-TOKEN header with the value of the XSRF-TOKEN cookie.")
    @RequestBody(required = true, description = "The metadata blob: a JSON object",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.OBJECT)))
    @APIResponse(responseCode = "200", description = "The outcome, valid or not; at most 100 errors",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ValidationReportBody.class)))
    @APIResponse(responseCode = "400", description = BAD_REQUEST + "; a body that is not one JSON object, or nests"
            + " deeper or is longer than the service reads")
    @APIResponse(responseCode = "401", description = "Not authenticated")
    @APIResponse(responseCode = "403", description = "The X-XSRF-TOKEN header does not echo the XSRF-TOKEN cookie")
    @APIResponse(responseCode = "404", description = NOT_FOUND)
    @APIResponse(responseCode = "409", description = CONFLICT)
    @APIResponse(responseCode = "415", description = "The body is not sent as application/json")
    @APIResponse(responseCode = "429", description = "The caller already has as many validations under way as one caller"
            + " may, or too many failed authentications came from the caller's address; retry after Retry-After (seconds)")
    @APIResponse(responseCode = "503", description = UNAVAILABLE + "; or more validations at once than the service runs")
    public Uni<ValidationReportBody> validate(@Parameter(description = IDS, required = true, example = "10") @QueryParam("entityIds") List<String> entityIds,
                                          byte[] body, @Context SecurityContext security) {
        return service.validate(caller(security), EntityIds.parse(entityIds), () -> JsonBodyReader.metadataBlob(body))
                .map(ValidationReportBody::of);
    }

    /** A backend account and a person of the same name are different callers, so neither can use up the other's share. */
    static String caller(SecurityContext security) {
        String kind = security.isUserInRole(Roles.BACKEND) ? "backend " : "person ";
        return kind + security.getUserPrincipal().getName();
    }

    /** {@code ?merge} and {@code ?merge=} ask for a merge too, though JAX-RS hands both over as no value. */
    private static String mergeValue(String merge, UriInfo uri) {
        if (merge != null) {
            return merge;
        }
        return uri.getQueryParameters().containsKey("merge") ? "" : null;
    }
}
