package org.submission.policy.doi;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * What {@code /policy/compliance} reads of the DOI service's {@code /doi/manuscript} answer: each
 * open copy's address, version, licence and first open day, and the article's publication day.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record OpenCopies(List<Copy> manuscripts, String publishedDate) {

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Copy(String url, String landingPageUrl, String version, String license, String oaDate) {
    }

    public OpenCopies {
        manuscripts = manuscripts == null ? List.of() : List.copyOf(manuscripts);
    }
}
