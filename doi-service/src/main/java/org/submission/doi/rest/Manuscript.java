package org.submission.doi.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.submission.doi.manuscript.ManuscriptMapper;
import org.submission.doi.manuscript.OpenCopy;

/**
 * One open-access copy of the article: the six fields every PASS UI reads (url, repositoryLabel, type,
 * source, name, isBest), then what the lookup says about the copy (doi-service/README.md,
 * "GET /doi/manuscript").
 */
@JsonPropertyOrder({"url", "repositoryLabel", "type", "source", "name", "isBest", "version", "hostType", "license",
        "landingPageUrl", "oaDate"})
@Schema(description = "A location of an open-access manuscript file")
public record Manuscript(
        @Schema(description = "Absolute http or https address from which to download the manuscript") String url,
        @Schema(description = "Label of the repository holding the manuscript: plain text without markup or angle brackets",
                nullable = true) String repositoryLabel,
        @Schema(description = "MIME type of the manuscript", example = "application/pdf") String type,
        @Schema(description = "The lookup source that found the manuscript", example = "Unpaywall") String source,
        @Schema(description = "A safe file name for the manuscript: no path separators, control characters, angle brackets"
                + " or characters file systems reserve, at most " + ManuscriptMapper.MAX_NAME + " characters",
                example = "pmc5072460", maxLength = ManuscriptMapper.MAX_NAME) String name,
        @JsonProperty("isBest") @Schema(description = "True for the best entry to use") boolean isBest,
        @Schema(description = "Which version of the article the copy is (from Unpaywall's version); null when unknown",
                nullable = true, enumeration = {"submittedVersion", "acceptedVersion", "publishedVersion"}) String version,
        @Schema(description = "Who hosts the copy (from Unpaywall's host_type); null when unknown", nullable = true,
                enumeration = {"publisher", "repository"}) String hostType,
        @Schema(description = "The copy's licence as Unpaywall names it (cc-by, implied-oa, …), plain text; null when none",
                nullable = true, example = "cc-by") String license,
        @Schema(description = "The copy's landing page, an absolute http or https address; null when none",
                nullable = true) String landingPageUrl,
        @Schema(description = "The day the copy first became open (from Unpaywall's oa_date), YYYY-MM-DD; null when unknown."
                + " Against the article's publishedDate it tells an embargo", nullable = true, example = "2024-03-01") String oaDate) {

    static Manuscript of(OpenCopy copy) {
        return new Manuscript(copy.url(), copy.repositoryLabel(), copy.type(), copy.source(), copy.name(), copy.isBest(),
                copy.version(), copy.hostType(), copy.license(), copy.landingPageUrl(), copy.oaDate());
    }
}
