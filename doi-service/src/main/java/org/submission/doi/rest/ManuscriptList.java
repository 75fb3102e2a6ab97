package org.submission.doi.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.submission.doi.manuscript.OpenCopies;

/** The manuscript answer: open-access copies, the best one first, and the article's open-access status. */
@JsonPropertyOrder({"manuscripts", "oaStatus"})
@Schema(description = "Open-access manuscript locations of an article")
public record ManuscriptList(
        List<Manuscript> manuscripts,
        @Schema(description = "The article's open-access status (Unpaywall's oa_status: gold, hybrid, bronze, green,"
                + " closed, …); null when unknown", nullable = true, example = "green") String oaStatus) {

    static ManuscriptList of(OpenCopies copies) {
        return new ManuscriptList(copies.manuscripts().stream().map(Manuscript::of).toList(), copies.oaStatus());
    }
}
