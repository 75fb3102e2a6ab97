package org.submission.schema.rest;

import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.submission.schema.service.EntityIds;
import org.submission.schema.service.SchemaAnswer;
import org.submission.schema.service.survey.SurveyService;

/**
 * SurveyJS forms derived from the stored schemas, for PASS UI releases that render SurveyJS, at
 * {@code /schemaservice/surveyjs}, and at {@code /schema/surveyjs} through the same alias as the
 * schema endpoints ({@link SchemaResource}).
 */
@Path("/schemaservice/surveyjs")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "SurveyJS forms")
public class SurveyResource {

    private final SurveyService service;

    public SurveyResource(SurveyService service) {
        this.service = service;
    }

    @GET
    @Operation(summary = "The SurveyJS form of repositories",
            description = "One question per field of the repositories' forms (first-seen over the dependency order), with"
                    + " isRequired and requiredIf derived from what their schemas require of the blob")
    @APIResponse(responseCode = "200", description = "A SurveyJS survey JSON: {\"elements\": [...], ...}",
            headers = @Header(name = "ETag", description = "Strong validator of this answer"),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.OBJECT)))
    @APIResponse(responseCode = "304", description = "If-None-Match names the current answer's ETag")
    @APIResponse(responseCode = "400", description = SchemaResource.BAD_REQUEST)
    @APIResponse(responseCode = "401", description = "Not authenticated")
    @APIResponse(responseCode = "404", description = SchemaResource.NOT_FOUND)
    @APIResponse(responseCode = "409", description = SchemaResource.CONFLICT)
    @APIResponse(responseCode = "503", description = SchemaResource.UNAVAILABLE)
    public Uni<Response> survey(@Parameter(description = SchemaResource.IDS, required = true, example = "10,12") @QueryParam("entityIds") List<String> entityIds,
                                @Parameter(description = "Comma-separated blob keys whose questions are read-only (the fields the"
                                        + " UI filled from a DOI); keys of no question are ignored", example = "title,journal-title") @QueryParam("readOnly") List<String> readOnly,
                                @Context Request request) {
        return service.survey(EntityIds.parse(entityIds), keys(readOnly))
                .map(answer -> ConditionalGet.answer(request, answer.body(), answer.etag()));
    }

    @GET
    @Path("repositories")
    @Operation(summary = "Every stored repository schema's fields, in the PASS UI's repository.json format",
            description = "One member per stored schema document with a form, named by the file's base name (nihms for"
                    + " …/jhu/nihms.json): its fields as {\"name\": …}, with \"required\": true or a \"requiredIf\" expression")
    @APIResponse(responseCode = "200", description = "A JSON object: schema base name → its fields",
            headers = @Header(name = "ETag", description = "Strong validator of this answer"),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.OBJECT)))
    @APIResponse(responseCode = "304", description = "If-None-Match names the current answer's ETag")
    @APIResponse(responseCode = "401", description = "Not authenticated")
    public Response repositories(@Context Request request) {
        SchemaAnswer answer = service.repositories();
        return ConditionalGet.answer(request, answer.body(), answer.etag());
    }

    /** Every occurrence of the parameter, split at commas; empty pieces are no keys. */
    private static Set<String> keys(List<String> values) {
        Set<String> keys = new LinkedHashSet<>();
        if (values != null) {
            values.forEach(value -> Arrays.stream(value.split(",")).map(String::trim).filter(k -> !k.isEmpty()).forEach(keys::add));
        }
        return keys;
    }
}
