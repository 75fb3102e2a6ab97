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
}
