package org.submission.doi.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.submission.doi.journal.RegistryRecord;

/** The registry read: the work's dates and funders, in the registry's names, bounded. */
@JsonPropertyOrder({"doi", "dates", "funders", "funders-cut", "funder-count"})
@Schema(description = "The registry record's dates and funders; no Journal record is read, created or changed")
public record RegistryAnswer(
        @Schema(description = "The DOI asked for, normalised", example = "10.4137/cmc.s38446") String doi,
        @Schema(description = "accepted, published-online, published-print and issued, each YYYY, YYYY-MM or YYYY-MM-DD"
                + " as precise as the registry gives it, or null") Map<String, String> dates,
        @Schema(description = "The record's funder entries as the registry gives them, the first 100") List<FunderEntry> funders,
        @JsonProperty("funders-cut") @Schema(description = "Whether the record holds more funder entries than answered")
        boolean fundersCut,
        @JsonProperty("funder-count") @Schema(description = "The funder entries of the record") int funderCount) {

    /** A funder entry: members the registry leaves out are left out (a funder named by ROR alone has only id and award). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"DOI", "name", "doi-asserted-by", "id", "award"})
    public record FunderEntry(
            @JsonProperty("DOI") @Schema(description = "The Crossref Funder ID as a DOI (current or deprecated)",
                    example = "10.13039/100000001") String doi,
            @Schema(description = "The funder's name as deposited", example = "National Science Foundation") String name,
            @JsonProperty("doi-asserted-by") @Schema(description = "publisher or crossref") String doiAssertedBy,
            @Schema(description = "Identifiers (at most 8): id-type DOI, ROR, ISNI, ...") List<Id> id,
            @Schema(description = "Award numbers (at most 50)") List<String> award) {
    }

    @JsonPropertyOrder({"id", "id-type", "asserted-by"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Id(@Schema(example = "https://ror.org/021nxhr62") String id,
            @JsonProperty("id-type") @Schema(example = "ROR") String idType,
            @JsonProperty("asserted-by") @Schema(example = "publisher") String assertedBy) {
    }

    static RegistryAnswer of(String doi, RegistryRecord record) {
        List<FunderEntry> funders = record.funders().stream().map(funder -> new FunderEntry(funder.doi(), funder.name(),
                funder.doiAssertedBy(), funder.ids().stream().map(id -> new Id(id.id(), id.idType(), id.assertedBy())).toList(),
                funder.awards())).toList();
        return new RegistryAnswer(doi, record.dates(), funders, record.fundersCut(), record.funderCount());
    }
}
