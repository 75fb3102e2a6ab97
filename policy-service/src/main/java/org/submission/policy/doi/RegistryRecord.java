package org.submission.policy.doi;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What the policy service reads of the DOI service's {@code /doi/registry} answer: the work's
 * funders in the registry's own names (a funder deposited by its ROR id alone has only an
 * {@code id} entry of {@code id-type} {@code ROR}). The DOI service bounds the lists and strings.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RegistryRecord(List<Funder> funders) {

    public RegistryRecord {
        funders = funders == null ? List.of() : funders.stream().filter(java.util.Objects::nonNull).toList();
    }

    /** @param doi the Crossref Funder ID as deposited, current or deprecated */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Funder(@JsonProperty("DOI") String doi, @JsonProperty("name") String name, @JsonProperty("id") List<Id> ids,
                         @JsonProperty("award") List<String> awards) {

        public Funder {
            ids = ids == null ? List.of() : ids.stream().filter(java.util.Objects::nonNull).toList();
            awards = awards == null ? List.of() : awards.stream().filter(java.util.Objects::nonNull).toList();
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Id(@JsonProperty("id") String id, @JsonProperty("id-type") String type) {
    }
}
