package org.submission.doi.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonRawValue;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.submission.doi.journal.Journals;

/**
 * The journal answer: the Journal record's id, the conflict with PASS's journals when there is one,
 * and the registry's whole response (kept as JSON text, written as it is).
 */
@JsonPropertyOrder({"journal-id", "journal-conflict", "crossref"})
@Schema(description = "The journal record of the article and the registry's metadata")
public record JournalAnswer(
        @JsonProperty("journal-id") @Schema(description = "Id of the Journal record", example = "42") String journalId,
        @JsonProperty("journal-conflict") @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = "Present only when the registry's record conflicts with PASS: it shares an ISSN with a Journal"
                + " record but not its name, or its ISSNs and journal name point at more than one Journal record;"
                + " journal-id is then the best match, and no Journal record was changed") Conflict conflict,
        @Schema(description = "The registry's whole response object, normalised: no NUL characters, message.ISSN and"
                + " message.issn-type cut to 8 elements, message.author to 10,000; a message.abstract holding markup (JATS or"
                + " HTML) is converted to safe HTML",
                implementation = Object.class) @JsonRawValue String crossref) {

    /** The other Journal records the registry's record points at, and what it means. */
    @JsonPropertyOrder({"journal-ids", "message"})
    public record Conflict(@JsonProperty("journal-ids") @Schema(description = "Ids of the other Journal records it points at"
            + " (none when it disagrees with journal-id's name only)")
            List<String> journalIds, String message) {
    }

    static final String CONFLICT = "The registry's record disagrees with PASS's Journal records (an ISSN without the name,"
            + " or more than one record by ISSN or name); the best match is answered and no Journal record was changed.";

    static JournalAnswer of(Journals.Found lookup) {
        Conflict conflict = !lookup.conflicts() ? null
                : new Conflict(lookup.conflicting().stream().map(String::valueOf).toList(), CONFLICT);
        return new JournalAnswer(String.valueOf(lookup.journalId()), conflict, lookup.work());
    }
}
