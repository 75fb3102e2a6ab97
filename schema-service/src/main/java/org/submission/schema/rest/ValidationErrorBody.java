package org.submission.schema.rest;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.submission.schema.service.ValidationError;

/** One reason a metadata blob fails one schema, as answered. */
@Schema(name = "ValidationError", description = "One validation failure of the metadata blob against one schema")
public record ValidationErrorBody(
        @Schema(description = "$id of the failing schema (its <institution>/<file> when it has none)") String schema,
        @Schema(description = "JSON Pointer into the blob; for a missing key, the key's place", example = "/authors/0/author") String pointer,
        @Schema(description = "The JSON Schema keyword that failed", example = "required") String keyword,
        @Schema(description = "What is wrong, for a person") String message) {

    static List<ValidationErrorBody> of(List<ValidationError> errors) {
        return errors.stream().map(e -> new ValidationErrorBody(e.schema(), e.pointer(), e.keyword(), e.message())).toList();
    }
}
