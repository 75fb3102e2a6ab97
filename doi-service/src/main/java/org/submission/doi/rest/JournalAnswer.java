package org.submission.doi.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonRawValue;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.submission.doi.journal.Journals;

/** The journal answer: the Journal record's id and the registry's whole response (kept as JSON text, written as it is). */
@JsonPropertyOrder({"journal-id", "crossref"})
@Schema(description = "The journal record of the article and the registry's metadata")
public record JournalAnswer(
        @JsonProperty("journal-id") @Schema(description = "Id of the Journal record", example = "42") String journalId,
        @Schema(description = "The registry's whole response object, normalised: no NUL characters, message.ISSN and"
                + " message.issn-type cut to 8 elements, message.author to 10,000; a message.abstract holding markup (JATS or"
                + " HTML) is converted to safe HTML",
                implementation = Object.class) @JsonRawValue String crossref) {

    static JournalAnswer of(Journals.Found lookup) {
        return new JournalAnswer(String.valueOf(lookup.journalId()), lookup.work());
    }
}
