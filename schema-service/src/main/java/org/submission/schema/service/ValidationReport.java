package org.submission.schema.service;

import java.util.List;

/**
 * The outcome of validating a metadata blob against every schema of the listed repositories: at
 * most 100 errors, {@code truncated} when there were more (answered as {@code rest.ValidationReportBody}).
 */
public record ValidationReport(boolean valid, List<ValidationError> errors, boolean truncated) {
}
