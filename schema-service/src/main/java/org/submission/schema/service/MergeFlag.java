package org.submission.schema.service;

import java.util.Locale;
import java.util.Set;

/** The {@code merge} parameter: absent or false/no/0 (any case) → unmerged; anything else, even no value → merged. */
public final class MergeFlag {

    private static final Set<String> UNMERGED = Set.of("false", "no", "0");

    private MergeFlag() {
    }

    public static boolean merged(String value) {
        return value != null && !UNMERGED.contains(value.trim().toLowerCase(Locale.ROOT));
    }
}
