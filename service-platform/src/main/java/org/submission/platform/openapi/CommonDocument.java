package org.submission.platform.openapi;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;

/**
 * What every service's OpenAPI document says alike, said once. Errors are {@code {"error": "..."}}
 * ({@code ErrorBody}), so an operation declares an error answer by status and description alone (a
 * response that declares its own content keeps it). Every operation needs an authenticated caller,
 * so the document requires the one security scheme the service declares
 * ({@code quarkus.smallrye-openapi.security-scheme}), for the alias paths ({@link AliasPaths}) too;
 * Quarkus's own marking of secured operations is off (it would add a 403 that the schema and
 * policy endpoints never answer). Every operation that may answer 401 may also answer 429 to an
 * address under a penalty for failed authentications ({@code FailedAuthentications}).
 */
@OpenApiFilter(OpenApiFilter.RunStage.BOTH)
public class CommonDocument implements OASFilter {

    static final String SCHEMA = "ErrorBody";

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        Components components = openAPI.getComponents() != null ? openAPI.getComponents() : OASFactory.createComponents();
        openAPI.setComponents(components);
        if (components.getSchemas() == null || !components.getSchemas().containsKey(SCHEMA)) {
            components.addSchema(SCHEMA, OASFactory.createSchema().type(List.of(Schema.SchemaType.OBJECT))
                    .description("The error answer of every service").required(List.of("error"))
                    .addProperty("error", OASFactory.createSchema().type(List.of(Schema.SchemaType.STRING))
                            .description("What went wrong, for a person")));
        }
        Map<String, SecurityScheme> schemes = components.getSecuritySchemes();
        if (schemes != null && schemes.size() == 1 && (openAPI.getSecurity() == null || openAPI.getSecurity().isEmpty())) {
            openAPI.addSecurityRequirement(OASFactory.createSecurityRequirement().addScheme(schemes.keySet().iterator().next()));
        }
        for (PathItem path : openAPI.getPaths().getPathItems().values()) {
            path.getOperations().values().stream()
                    .filter(operation -> operation.getResponses() != null && operation.getResponses().hasAPIResponse("401")
                            && !operation.getResponses().hasAPIResponse("429"))
                    .forEach(operation -> operation.getResponses().addAPIResponse("429", OASFactory.createAPIResponse()
                            .description("Too many failed authentications from the caller's address: its credentials are "
                                    + "refused until Retry-After (seconds)")));
            path.getOperations().values().stream()
                    .filter(operation -> operation.getResponses() != null && operation.getResponses().getAPIResponses() != null)
                    .flatMap(operation -> operation.getResponses().getAPIResponses().entrySet().stream())
                    .filter(CommonDocument::undescribedError)
                    .forEach(response -> response.getValue().setContent(OASFactory.createContent().addMediaType("application/json",
                            OASFactory.createMediaType().schema(OASFactory.createSchema().ref(SCHEMA)))));
        }
    }

    private static boolean undescribedError(Map.Entry<String, APIResponse> response) {
        return response.getKey().matches("[45]\\d\\d") && response.getValue().getRef() == null
                && (response.getValue().getContent() == null || response.getValue().getContent().getMediaTypes() == null
                || response.getValue().getContent().getMediaTypes().isEmpty());
    }
}
