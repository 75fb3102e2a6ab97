package org.submission.schema.service;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One reason a metadata blob fails one schema. */
@Schema(description = "One validation failure of the metadata blob against one schema")
public record ValidationError(
        @Schema(description = "$id of the failing schema (its <institution>/<file> when it has none)") String schema,
        @Schema(description = "JSON Pointer into the blob; for a missing key, the key's place", example = "/authors/0/author") String pointer,
        @Schema(description = "The JSON Schema keyword that failed", example = "required") String keyword,
        @Schema(description = "What is wrong, for a person") String message) {
}
