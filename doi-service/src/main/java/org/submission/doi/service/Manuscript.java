package org.submission.doi.service;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One open-access copy of the article. */
@JsonPropertyOrder({"url", "repositoryLabel", "type", "source", "name", "isBest"})
@Schema(description = "A location of an open-access manuscript file")
public record Manuscript(
        @Schema(description = "Absolute http or https address from which to download the manuscript") String url,
        @Schema(description = "Label of the repository holding the manuscript, plain text", nullable = true) String repositoryLabel,
        @Schema(description = "MIME type of the manuscript", example = "application/pdf") String type,
        @Schema(description = "The lookup source that found the manuscript", example = "Unpaywall") String source,
        @Schema(description = "File name of the manuscript", example = "pmc5072460") String name,
        @JsonProperty("isBest") @Schema(description = "True for the best entry to use") boolean isBest) {

    Manuscript best() {
        return new Manuscript(url, repositoryLabel, type, source, name, true);
    }
}
