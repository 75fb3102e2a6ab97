package org.submission.schema.rest;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.submission.schema.service.ValidationReport;

/** The answer of validating a metadata blob against every schema of the listed repositories. */
@Schema(name = "ValidationReport", description = "Outcome of validating a metadata blob")
public record ValidationReportBody(
        @Schema(description = "True when the blob satisfies every schema") boolean valid,
        @Schema(description = "The failures, schema by schema in answer order, at most 100; empty when valid") List<ValidationErrorBody> errors,
        @Schema(description = "True when there were more than the failures listed") boolean truncated) {

    static ValidationReportBody of(ValidationReport report) {
        return new ValidationReportBody(report.valid(), ValidationErrorBody.of(report.errors()), report.truncated());
    }
}
