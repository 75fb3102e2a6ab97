package org.submission.policy.rules;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The dates of the article's registry record as a rules file's {@code registry.*} sources read
 * them: the registry's own {@code accepted}, {@code published-online}, {@code published-print} and
 * {@code issued}, and {@code published}, the earlier of print and online, as NIH 2024 counts it.
 * The record is read by the service layer before evaluation: {@link #unread()} stands for it in a
 * first evaluation and notes whether a source reached it ({@link #asked()}), since a record is read
 * only for a date whose every earlier source is absent. A date the registry gives only to the
 * month or year is passed over, as an absent one, unless it cannot be the earlier of the two
 * publication dates.
 */
public final class RegistryDates {

    public static final String PREFIX = "registry.";
    /** What may follow {@link #PREFIX} in a date source. */
    public static final List<String> NAMES = List.of("accepted", "published-online", "published-print", "issued", "published");
    /** As precise as the registry's date-parts: a year, a month or a day. */
    public static final Pattern PRECISION = Pattern.compile("^\\d{4}(-\\d{2}){0,2}$");
    private static final String PRINT = "published-print";
    private static final String ONLINE = "published-online";

    private final Map<String, String> dates;
    private final String unreadable;
    private boolean asked;

    private RegistryDates(Map<String, String> dates, String unreadable) {
        this.dates = dates;
        this.unreadable = unreadable;
    }

    /** No record to read: the submission has no DOI, or a dry run, which reads no registry. */
    public static RegistryDates none() {
        return new RegistryDates(Map.of(), null);
    }

    /** The record not read yet: its dates are absent, and a source reaching them is noted. */
    public static RegistryDates unread() {
        return new RegistryDates(null, null);
    }

    /**
     * @param dates the registry's date names to {@code YYYY}, {@code YYYY-MM} or {@code YYYY-MM-DD}
     *              (nothing else: the record's reader checks them, {@link #PRECISION}); absent or null when it has none
     */
    public static RegistryDates of(Map<String, String> dates) {
        return new RegistryDates(dates, null);
    }

    /** The record could not be read: a date that reaches it is missing with {@code why}. */
    public static RegistryDates unreadable(String why) {
        return new RegistryDates(Map.of(), why);
    }

    /** Whether a date source reached the record while it was {@link #unread()}. */
    public boolean asked() {
        return asked;
    }

    /** Why the record could not be read, or null. */
    String unreadable() {
        return unreadable;
    }

    /** The day of {@code name} (one of {@link #NAMES}), or null when the record has none to the day. */
    LocalDate day(String name) {
        if (dates == null) {
            asked = true;
            return null;
        }
        if (!name.equals("published")) {
            return dayOf(text(name));
        }
        LocalDate print = dayOf(text(PRINT));
        LocalDate online = dayOf(text(ONLINE));
        LocalDate earlier = print == null ? online : online == null || print.isBefore(online) ? print : online;
        // a date known only to its month or year may be the earlier one: then the earlier day is not known
        return earlier == null || mayBeBefore(text(PRINT), earlier) || mayBeBefore(text(ONLINE), earlier) ? null : earlier;
    }

    private static LocalDate dayOf(String text) {
        return text == null ? null : SubmissionDates.day(text);
    }

    /** As {@link #of} took it: {@code RegistryRecord.Dates} has kept only the registry's date-parts. */
    private String text(String name) {
        return dates.get(name);
    }

    /** A month ({@code 2025-06}) or year sorts before every day in it, and after every earlier day. */
    private static boolean mayBeBefore(String partial, LocalDate day) {
        return partial != null && partial.length() < 10 && partial.compareTo(day.toString()) <= 0;
    }
}
