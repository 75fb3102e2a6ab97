package org.submission.schema.rest;

import org.eclipse.microprofile.openapi.annotations.Components;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.submission.shared.error.ErrorBody;

/** The OpenAPI document's frame: the error answers the endpoints share, declared once and referenced by name. */
@OpenAPIDefinition(
        info = @Info(title = "Schema service", version = "1.0.0",
                description = "Metadata schemas (JSON Schema draft-07) of repositories: ordered, dereferenced, optionally"
                        + " merged; and validation of a metadata blob against them."),
        security = @SecurityRequirement(name = "backend"),
        components = @Components(
                securitySchemes = @SecurityScheme(securitySchemeName = "backend", type = SecuritySchemeType.HTTP,
                        scheme = "basic", description = "A backend account. People come through the authenticating"
                        + " proxy's identity headers instead (Eppn, Affiliation, with the proxy's shared secret)."),
                responses = {
                        @APIResponse(name = SchemaApi.BAD_REQUEST, responseCode = "400",
                                description = "entityIds missing or empty, or with an empty or non-numeric id; (validate) a body"
                                        + " that is not a JSON object",
                                content = @Content(mediaType = "application/json", schema = @Schema(implementation = ErrorBody.class))),
                        @APIResponse(name = SchemaApi.UNAUTHENTICATED, responseCode = "401", description = "Not authenticated",
                                content = @Content(mediaType = "application/json", schema = @Schema(implementation = ErrorBody.class))),
                        @APIResponse(name = SchemaApi.FORBIDDEN, responseCode = "403",
                                description = "The X-XSRF-TOKEN header does not echo the XSRF-TOKEN cookie",
                                content = @Content(mediaType = "application/json", schema = @Schema(implementation = ErrorBody.class))),
                        @APIResponse(name = SchemaApi.NOT_FOUND, responseCode = "404", description = "An id names no repository",
                                content = @Content(mediaType = "application/json", schema = @Schema(implementation = ErrorBody.class))),
                        @APIResponse(name = SchemaApi.CONFLICT, responseCode = "409",
                                description = "A schema URI matches no stored document; a stored document from SCHEMA_SERVICE_DIR"
                                        + " is unusable (not JSON, not draft-07, an unresolvable $ref or a reference cycle);"
                                        + " (merge) two schemas give one place types that cannot merge, such as"
                                        + " 'Type conflict at /definitions/form/properties/x: array vs object'",
                                content = @Content(mediaType = "application/json", schema = @Schema(implementation = ErrorBody.class))),
                        @APIResponse(name = SchemaApi.UNAVAILABLE, responseCode = "503",
                                description = "The database is unreachable; retry later",
                                headers = @Header(name = "Retry-After", description = "Seconds to wait",
                                        schema = @Schema(implementation = Integer.class)),
                                content = @Content(mediaType = "application/json", schema = @Schema(implementation = ErrorBody.class)))
                }))
public final class SchemaApi {

    static final String BAD_REQUEST = "BadRequest";
    static final String UNAUTHENTICATED = "Unauthenticated";
    static final String FORBIDDEN = "XsrfMismatch";
    static final String NOT_FOUND = "RepositoryNotFound";
    static final String CONFLICT = "SchemaConflict";
    static final String UNAVAILABLE = "DatabaseUnavailable";

    static final String IDS = "Comma-separated repository ids (pass_repository.id); whitespace is ignored, a repeated id"
            + " counts once, request order is kept";
    static final String MERGE = "Absent, or false/no/0 (any case): the schemas one by one. Any other value, or none: one"
            + " union schema";

    private SchemaApi() {
    }
}
