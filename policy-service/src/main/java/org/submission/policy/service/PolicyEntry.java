package org.submission.policy.service;

import java.util.List;
import java.util.Map;

/** One applicable policy; {@code reasons} only with {@code explain=true} (answered as {@code rest.PolicyEntryBody}). */
public record PolicyEntry(String id, String type, List<Map<String, String>> reasons) {

    public static final String FUNDER = "funder";
    public static final String INSTITUTION = "institution";
}
