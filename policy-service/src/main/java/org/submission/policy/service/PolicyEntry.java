package org.submission.policy.service;

import java.util.List;
import java.util.Map;

/**
 * One applicable policy; {@code reasons} only with {@code explain=true} (answered as {@code rest.PolicyEntryBody}).
 * {@code undecided} names what is missing when policy rules could not decide between candidates; null otherwise.
 */
public record PolicyEntry(String id, String type, String undecided, List<Map<String, String>> reasons) {

    public static final String FUNDER = "funder";
    public static final String INSTITUTION = "institution";

    public PolicyEntry(String id, String type, List<Map<String, String>> reasons) {
        this(id, type, null, reasons);
    }

    /** The heap a list of them takes, roughly, as the kept graphs weigh what is kept with them: strings at two bytes a character. */
    public static long bytes(List<PolicyEntry> entries) {
        long bytes = 48;
        for (PolicyEntry entry : entries) {
            bytes += 80 + 2L * entry.id().length() + (entry.undecided() == null ? 0 : 48 + 2L * entry.undecided().length());
            for (Map<String, String> reason : entry.reasons() == null ? List.<Map<String, String>>of() : entry.reasons()) {
                bytes += 64;
                for (Map.Entry<String, String> field : reason.entrySet()) {
                    bytes += 112 + 2L * (field.getKey().length() + field.getValue().length());
                }
            }
        }
        return bytes;
    }
}
