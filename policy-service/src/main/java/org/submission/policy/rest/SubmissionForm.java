package org.submission.policy.rest;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The form body of the POST variant, for the OpenAPI document (the endpoints read the fields one by one). */
@Schema(name = "SubmissionForm", description = "application/x-www-form-urlencoded body, e.g. submission=60&explain=true")
public record SubmissionForm(
        @Schema(required = true, pattern = "^[0-9]+$", examples = "60",
                description = "Id of the Submission: decimal digits, 0 to 9223372036854775807") String submission,
        @Schema(description = "true adds \"reasons\" to every entry") Boolean explain) {
}
