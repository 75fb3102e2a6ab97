package org.submission.policy.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.submission.policy.service.PolicyEntry;

/** One applicable policy as answered; {@code reasons} only with {@code explain=true}. */
@Schema(name = "PolicyEntry", description = "A policy that applies to the submission")
public record PolicyEntryBody(
        @Schema(description = "Id of the Policy record, as a string", examples = "20", required = true)
        String id,
        @Schema(description = "institution for the institutional policy, funder otherwise",
                enumeration = {PolicyEntry.FUNDER, PolicyEntry.INSTITUTION}, required = true)
        String type,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = "Only when policy rules (POLICY_RULES_FILE) need a date the submission does not have:"
                + " what is missing. The policy is then one of the candidates listed, not a decision")
        String undecided,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = "With explain=true only: how the policy was reached, e.g. "
                + "{\"grant\": \"40\", \"funder\": \"30\", \"role\": \"primary\"} or "
                + "{\"institution\": \"affiliation of the submitter\"}")
        List<Map<String, String>> reasons) {

    static List<PolicyEntryBody> of(List<PolicyEntry> entries) {
        return entries.stream().map(e -> new PolicyEntryBody(e.id(), e.type(), e.undecided(), e.reasons())).toList();
    }
}
