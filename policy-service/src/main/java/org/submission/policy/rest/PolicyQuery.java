package org.submission.policy.rest;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.jboss.resteasy.reactive.RestQuery;

/**
 * The query of the GET variants, read as lists of text so that a repeated parameter is a 400 rather
 * than a silent pick, and a value that is no id a 400 with a message ({@link RequestParameters}):
 * with a {@code long} parameter RESTEasy would answer a malformed id with 404 (JAX-RS's rule for a
 * query parameter it cannot convert) and take the first of repeated ones.
 */
public class PolicyQuery {

    @Parameter(description = "Id of the Submission: decimal digits, 0 to 9223372036854775807", required = true, example = "60",
            schema = @Schema(type = SchemaType.STRING, pattern = "^[0-9]+$"))
    @RestQuery
    List<String> submission;

    @Parameter(description = "true adds \"reasons\" to every entry: how it was reached", example = "false",
            schema = @Schema(type = SchemaType.BOOLEAN))
    @RestQuery
    List<String> explain;

    long submission() {
        return RequestParameters.submission(submission);
    }

    boolean explain() {
        return RequestParameters.explain(explain);
    }
}
