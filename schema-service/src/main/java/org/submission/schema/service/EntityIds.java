package org.submission.schema.service;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.submission.platform.error.ApiException;

/** The {@code entityIds} parameter: comma-separated repository ids, in request order, each once. */
public final class EntityIds {

    private EntityIds() {
    }

    /** Parses every occurrence of the parameter (a repeated parameter continues the list). */
    public static List<Long> parse(List<String> values) {
        if (values == null || values.isEmpty()) {
            throw ApiException.badRequest("Parameter entityIds is required: a comma-separated list of repository ids.");
        }
        Set<Long> ids = new LinkedHashSet<>();
        for (String value : values) {
            for (String piece : value.split(",", -1)) {
                ids.add(id(piece.trim()));
            }
        }
        return new ArrayList<>(ids);
    }

    private static Long id(String piece) {
        if (piece.isEmpty()) {
            throw ApiException.badRequest("Parameter entityIds has an empty repository id: use ids separated by single commas.");
        }
        try {
            if (piece.chars().allMatch(c -> c >= '0' && c <= '9')) {
                return Long.parseLong(piece);
            }
        } catch (NumberFormatException tooLarge) {
            // answered below like any other non-id
        }
        throw ApiException.badRequest("Parameter entityIds: '" + shorten(piece) + "' is not a repository id (a number).");
    }

    private static String shorten(String piece) {
        return piece.length() <= 40 ? piece : piece.substring(0, 40) + "…";
    }
}
