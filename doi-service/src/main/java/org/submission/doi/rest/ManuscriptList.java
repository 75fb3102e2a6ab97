package org.submission.doi.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.submission.doi.manuscript.OpenCopies;

/** The manuscript answer: open-access copies, the best one first, the article's open-access status and publication day. */
@JsonPropertyOrder({"manuscripts", "oaStatus", "publishedDate"})
@Schema(description = "Open-access manuscript locations of an article")
public record ManuscriptList(
        List<Manuscript> manuscripts,
        @Schema(description = "The article's open-access status (Unpaywall's oa_status: gold, hybrid, bronze, green,"
                + " closed, …); null when unknown", nullable = true, example = "green") String oaStatus,
        @Schema(description = "The article's publication day (Unpaywall's published_date), YYYY-MM-DD; null when unknown",
                nullable = true, example = "2023-09-01") String publishedDate) {

    static ManuscriptList of(OpenCopies copies) {
        return new ManuscriptList(copies.manuscripts().stream().map(Manuscript::of).toList(), copies.oaStatus(),
                copies.publishedDate());
    }
}
