package org.submission.schema.service;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The outcome of validating a metadata blob against every schema of the listed repositories. */
@Schema(description = "Outcome of validating a metadata blob")
public record ValidationReport(
        @Schema(description = "True when the blob satisfies every schema") boolean valid,
        @Schema(description = "Every failure, schema by schema in answer order; empty when valid") List<ValidationError> errors) {
}
