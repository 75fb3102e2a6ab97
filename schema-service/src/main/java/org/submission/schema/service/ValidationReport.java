package org.submission.schema.service;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The outcome of validating a metadata blob against every schema of the listed repositories. */
@Schema(description = "Outcome of validating a metadata blob")
public record ValidationReport(
        @Schema(description = "True when the blob satisfies every schema") boolean valid,
        @Schema(description = "The failures, schema by schema in answer order, at most 100; empty when valid") List<ValidationError> errors,
        @Schema(description = "True when there were more than the failures listed") boolean truncated) {
}
