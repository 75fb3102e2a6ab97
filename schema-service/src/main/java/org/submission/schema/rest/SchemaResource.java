package org.submission.schema.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
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
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
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
import org.submission.schema.service.EntityIds;
import org.submission.schema.service.MergeFlag;
import org.submission.schema.service.SchemaAnswer;
import org.submission.schema.service.SchemaService;
import org.submission.schema.service.ValidationReport;
import org.submission.schema.store.Json;
import org.submission.shared.error.ApiException;

/** {@code /schemaservice}, its alias {@code /schema}, and {@code /schemaservice/validate}. */
@Path("/")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Metadata schemas")
public class SchemaResource {

    private final SchemaService service;

    @Context
    UriInfo uriInfo;

    public SchemaResource(SchemaService service) {
        this.service = service;
    }

    @GET
    @Path("schemaservice")
    @Operation(summary = "The metadata schemas of repositories",
            description = "The listed repositories' draft-07 schemas with every $ref resolved, in dependency order, or merged"
                    + " into one union schema")
    @APIResponse(responseCode = "200", description = "A JSON array of schemas; merged, exactly one ({} when there are none)",
            headers = @Header(name = "ETag", description = "Strong validator of this answer"),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.ARRAY, implementation = Object.class)))
    @APIResponse(responseCode = "304", description = "If-None-Match names the current answer's ETag")
    @APIResponse(responseCode = "400", ref = SchemaApi.BAD_REQUEST)
    @APIResponse(responseCode = "401", ref = SchemaApi.UNAUTHENTICATED)
    @APIResponse(responseCode = "404", ref = SchemaApi.NOT_FOUND)
    @APIResponse(responseCode = "409", ref = SchemaApi.CONFLICT)
    @APIResponse(responseCode = "503", ref = SchemaApi.UNAVAILABLE)
    public Uni<Response> schemas(@Parameter(description = SchemaApi.IDS, required = true, example = "10,12") @QueryParam("entityIds") List<String> entityIds,
                                 @Parameter(description = SchemaApi.MERGE, example = "true") @QueryParam("merge") String merge,
                                 @Parameter(description = "ETag of an answer the client holds") @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) {
        return service.schemas(EntityIds.parse(entityIds), MergeFlag.merged(mergeValue(merge)))
                .map(answer -> response(answer, ifNoneMatch));
    }

    @GET
    @Path("schema")
    @Operation(summary = "The metadata schemas of repositories (alias of /schemaservice)",
            description = "The same answer as GET /schemaservice, at the path later client releases call")
    @APIResponse(responseCode = "200", description = "A JSON array of schemas; merged, exactly one ({} when there are none)",
            headers = @Header(name = "ETag", description = "Strong validator of this answer"),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.ARRAY, implementation = Object.class)))
    @APIResponse(responseCode = "304", description = "If-None-Match names the current answer's ETag")
    @APIResponse(responseCode = "400", ref = SchemaApi.BAD_REQUEST)
    @APIResponse(responseCode = "401", ref = SchemaApi.UNAUTHENTICATED)
    @APIResponse(responseCode = "404", ref = SchemaApi.NOT_FOUND)
    @APIResponse(responseCode = "409", ref = SchemaApi.CONFLICT)
    @APIResponse(responseCode = "503", ref = SchemaApi.UNAVAILABLE)
    public Uni<Response> schemaAlias(@Parameter(description = SchemaApi.IDS, required = true, example = "10,12") @QueryParam("entityIds") List<String> entityIds,
                                     @Parameter(description = SchemaApi.MERGE, example = "true") @QueryParam("merge") String merge,
                                     @Parameter(description = "ETag of an answer the client holds") @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) {
        return schemas(entityIds, merge, ifNoneMatch);
    }

    @POST
    @Path("schemaservice/validate")
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Validate a metadata blob",
            description = "Validates the blob against every schema of the listed repositories, as a client does before"
                    + " submission. Send the X-XSRF-TOKEN header with the value of the XSRF-TOKEN cookie.")
    @RequestBody(required = true, description = "The metadata blob: a JSON object",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.OBJECT)))
    @APIResponse(responseCode = "200", description = "The outcome, valid or not",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ValidationReport.class)))
    @APIResponse(responseCode = "400", ref = SchemaApi.BAD_REQUEST)
    @APIResponse(responseCode = "401", ref = SchemaApi.UNAUTHENTICATED)
    @APIResponse(responseCode = "403", ref = SchemaApi.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = SchemaApi.NOT_FOUND)
    @APIResponse(responseCode = "409", ref = SchemaApi.CONFLICT)
    @APIResponse(responseCode = "503", ref = SchemaApi.UNAVAILABLE)
    public Uni<ValidationReport> validate(@Parameter(description = SchemaApi.IDS, required = true, example = "10") @QueryParam("entityIds") List<String> entityIds,
                                         String body) {
        List<Long> ids = EntityIds.parse(entityIds);
        return service.validate(ids, blob(body));
    }

    /** {@code ?merge} and {@code ?merge=} ask for a merge too, though JAX-RS hands both over as no value. */
    private String mergeValue(String merge) {
        if (merge != null) {
            return merge;
        }
        return uriInfo.getQueryParameters().containsKey("merge") ? "" : null;
    }

    private static JsonNode blob(String body) {
        try {
            JsonNode blob = body == null || body.isBlank() ? null : Json.parse(body);
            if (blob != null && blob.isObject()) {
                return blob;
            }
        } catch (JsonProcessingException malformed) {
            throw ApiException.badRequest("The body is not valid JSON: " + malformed.getOriginalMessage());
        }
        throw ApiException.badRequest("The body must be a JSON object: the metadata blob.");
    }

    private static Response response(SchemaAnswer answer, String ifNoneMatch) {
        Response.ResponseBuilder response = answer.matches(ifNoneMatch) ? Response.notModified()
                : Response.ok(answer.body(), MediaType.APPLICATION_JSON_TYPE);
        // authenticated and database-dependent: any cache must ask again, which the ETag makes cheap
        return response.header(HttpHeaders.ETAG, answer.etag()).header(HttpHeaders.CACHE_CONTROL, "private, no-cache").build();
    }
}
