package org.submission.policy.rest;

import jakarta.ws.rs.QueryParam;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/** The query of the GET variants, read as lists so that a repeated parameter is a 400 rather than a silent pick. */
public class PolicyQuery {

    @Parameter(description = "Id of the Submission: decimal digits, 0 to 9223372036854775807", required = true, example = "60",
            schema = @Schema(type = SchemaType.STRING, pattern = "^[0-9]+$"))
    @QueryParam("submission")
    List<String> submission;

    @Parameter(description = "true adds \"reasons\" to every entry: how it was reached", example = "false",
            schema = @Schema(type = SchemaType.BOOLEAN))
    @QueryParam("explain")
    List<String> explain;

    long submission() {
        return RequestParameters.submission(submission);
    }

    boolean explain() {
        return RequestParameters.explain(explain);
    }
}
