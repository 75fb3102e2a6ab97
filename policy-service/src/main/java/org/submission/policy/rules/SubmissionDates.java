package org.submission.policy.rules;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.submission.policy.rules.RulesDocument.NamedDate;
import org.submission.policy.rules.RulesDocument.Source;

/**
 * A submission's named dates (version 1 has one, "accepted"), each from the first of its sources
 * that has one: a field of the metadata JSON as the PASS UI writes it, the submitted date column,
 * or a date of the article's registry record ({@link RegistryDates}). A value that is not a date
 * ({@code YYYY-MM-DD}, or an ISO timestamp whose day is taken as written) is passed over, as an
 * absent one. A registry record that could not be read leaves the date missing with the reason
 * rather than taking a later source: an answer must not change with the DOI service's health.
 * One per request, each date found at most once and only when a rule asks for it.
 */
public final class SubmissionDates {

    private static final Pattern DAY = Pattern.compile("^\\d{4}-\\d{2}-\\d{2}(?:$|T.*)");
    private static final Found NOT_FOUND = new Found(null, null, false);
    private static final Found UNREADABLE = new Found(null, null, false);

    /** The day and the source it came from, as reasons show it; {@code approximate} when the source is marked so. */
    public record Found(LocalDate day, String source, boolean approximate) {

        public String describe() {
            return day + " from " + source;
        }
    }

    private final List<NamedDate> dates;
    private final Function<String, String> metadataField;
    private final LocalDate submittedDate;
    private final RegistryDates registry;
    private final Found[] found;

    /**
     * @param metadataField the text of a top-level field of the metadata, by name, or null when it has none
     * @param registry the article's registry dates, as far as they were read
     */
    public SubmissionDates(List<NamedDate> dates, Function<String, String> metadataField, LocalDate submittedDate,
                           RegistryDates registry) {
        this.dates = dates;
        this.metadataField = metadataField;
        this.submittedDate = submittedDate;
        this.registry = registry;
        this.found = new Found[dates.size()];
    }

    /** The named date of that index, or null when the submission has none. */
    public Found get(int index) {
        Found day = found[index];
        if (day == null) {
            day = find(dates.get(index).sources());
            found[index] = day;
        }
        return day == NOT_FOUND || day == UNREADABLE ? null : day;
    }

    /**
     * What is missing when the date of that index is: {@code no accepted date (its sources)}, or
     * {@code no accepted date: the registry record could not be read (why)}.
     */
    String missing(int index) {
        NamedDate date = dates.get(index);
        if (get(index) == null && found[index] == UNREADABLE) {
            return "no " + date.name() + " date: the registry record could not be read (" + registry.unreadable() + ")";
        }
        StringBuilder text = new StringBuilder("no ").append(date.name()).append(" date (");
        for (int i = 0; i < date.sources().size(); i++) {
            text.append(i == 0 ? "" : ", ").append(date.sources().get(i).source());
        }
        return text.append(')').toString();
    }

    String name(int index) {
        return dates.get(index).name();
    }

    private Found find(List<Source> sources) {
        for (Source source : sources) {
            if (source.source().equals(RulesParser.SUBMITTED_DATE)) {
                if (submittedDate != null) {
                    return new Found(submittedDate, source.source(), source.approximate());
                }
                continue;
            }
            if (source.source().startsWith(RegistryDates.PREFIX)) {
                if (registry.unreadable() != null) {
                    return UNREADABLE;
                }
                LocalDate day = registry.day(source.source().substring(RegistryDates.PREFIX.length()));
                if (day != null) {
                    return new Found(day, source.source(), source.approximate());
                }
                continue;
            }
            String value = metadataField.apply(source.source().substring(RulesParser.METADATA.length()));
            LocalDate day = value == null ? null : day(value);
            if (day != null) {
                return new Found(day, source.source(), source.approximate());
            }
        }
        return NOT_FOUND;
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
