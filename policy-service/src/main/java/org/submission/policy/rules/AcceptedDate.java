package org.submission.policy.rules;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A submission's "accepted" date from the first of the rules file's sources that has one: a
 * field of the metadata JSON as the PASS UI writes it, or the submitted date column. A value
 * that is not a date ({@code YYYY-MM-DD}, or an ISO timestamp whose day is taken as written) is
 * passed over, as an absent one.
 */
public final class AcceptedDate {

    private static final Pattern DAY = Pattern.compile("^\\d{4}-\\d{2}-\\d{2}(?:$|T.*)");

    /** The day and the source it came from, as reasons show it. */
    public record Found(LocalDate day, String source) {

        public String describe() {
            return day + " from " + source;
        }
    }

    private AcceptedDate() {
    }

    /** @param metadataField the text of a top-level field of the metadata, by name, or null when it has none */
    public static Optional<Found> of(List<String> sources, Function<String, String> metadataField, LocalDate submittedDate) {
        for (String source : sources) {
            if (source.equals(RulesParser.SUBMITTED_DATE)) {
                if (submittedDate != null) {
                    return Optional.of(new Found(submittedDate, source));
                }
                continue;
            }
            String value = metadataField.apply(source.substring(RulesParser.METADATA.length()));
            LocalDate day = value == null ? null : day(value);
            if (day != null) {
                return Optional.of(new Found(day, source));
            }
        }
        return Optional.empty();
    }

    static LocalDate day(String text) {
        String trimmed = text.trim();
        if (!DAY.matcher(trimmed).matches()) {
            return null;
        }
        try {
            return LocalDate.parse(trimmed.substring(0, 10));
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
