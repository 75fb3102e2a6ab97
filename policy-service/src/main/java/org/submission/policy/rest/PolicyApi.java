package org.submission.policy.rest;

import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.Components;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.submission.shared.error.ErrorBody;

/**
 * The OpenAPI document's frame: the error answers every endpoint shares, declared once and
 * referenced by name from the operations.
 */
@OpenAPIDefinition(
        info = @Info(title = "Policy service", version = "1.0.0",
                description = "Which policies apply to a submission, and which repositories it must or may be deposited into."),
        security = @SecurityRequirement(name = "backend"),
        components = @Components(
                securitySchemes = @SecurityScheme(securitySchemeName = "backend", type = SecuritySchemeType.HTTP,
                        scheme = "basic", description = "A backend account. People come through the authenticating"
                        + " proxy's identity headers instead (Eppn, Affiliation, with the proxy's shared secret)."),
                responses = {
                        @APIResponse(name = PolicyApi.BAD_REQUEST, responseCode = "400",
                                description = "submission missing, empty, given twice, not a decimal integer or out of"
                                        + " range; explain not true/false",
                                content = @Content(mediaType = "application/json", schema = @Schema(implementation = ErrorBody.class))),
                        @APIResponse(name = PolicyApi.UNAUTHENTICATED, responseCode = "401", description = "Not authenticated",
                                content = @Content(mediaType = "application/json", schema = @Schema(implementation = ErrorBody.class))),
                        @APIResponse(name = PolicyApi.FORBIDDEN, responseCode = "403",
                                description = "The caller is not the submitter, a preparer, an admin user or a backend"
                                        + " account; or (POST) the X-XSRF-TOKEN header does not echo the XSRF-TOKEN cookie",
                                content = @Content(mediaType = "application/json", schema = @Schema(implementation = ErrorBody.class))),
                        @APIResponse(name = PolicyApi.NOT_FOUND, responseCode = "404", description = "No submission with that id",
                                content = @Content(mediaType = "application/json", schema = @Schema(implementation = ErrorBody.class))),
                        @APIResponse(name = PolicyApi.NOT_ALLOWED, responseCode = "405",
                                description = "Any method other than GET, HEAD, OPTIONS and POST on this path",
                                content = @Content(mediaType = "application/json", schema = @Schema(implementation = ErrorBody.class))),
                        @APIResponse(name = PolicyApi.UNSUPPORTED, responseCode = "415",
                                description = "POST body that is not application/x-www-form-urlencoded",
                                content = @Content(mediaType = "application/json", schema = @Schema(implementation = ErrorBody.class))),
                        @APIResponse(name = PolicyApi.UNAVAILABLE, responseCode = "503",
                                description = "The database is unreachable; retry later (the service recovers by itself)",
                                headers = @Header(name = "Retry-After", description = "Seconds to wait",
                                        schema = @Schema(implementation = Integer.class)),
                                content = @Content(mediaType = "application/json", schema = @Schema(implementation = ErrorBody.class)))
                }))
public final class PolicyApi {

    static final String BAD_REQUEST = "BadRequest";
    static final String UNAUTHENTICATED = "Unauthenticated";
    static final String FORBIDDEN = "Forbidden";
    static final String NOT_FOUND = "SubmissionNotFound";
    static final String NOT_ALLOWED = "MethodNotAllowed";
    static final String UNSUPPORTED = "UnsupportedMediaType";
    static final String UNAVAILABLE = "DatabaseUnavailable";

    private PolicyApi() {
    }
}
