package org.submission.policy.rules;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * A rules file as written, before its names are looked up: every name keeps the line it is on,
 * so a name the database does not know is refused with its line. A version-1 file has one named
 * date, {@code accepted}, and funders by PASS name; a version-2 file any dates, a funder table
 * ({@link Funder}) and provenance on every rule.
 *
 * @param dates the named dates, each with its sources, first found wins; {@code accepted} first in version 1
 * @param repositories per repository name, the URL prefixes (host and path, no scheme) of its open copies
 * @param funders version 2's funder table by key, in file order; empty in version 1
 * @param inactiveMissing {@code missing-records: inactive}: a rule naming a record PASS lacks is skipped, not refused
 */
public record RulesDocument(int version, List<NamedDate> dates, Map<Name, List<String>> repositories,
                            Map<String, Funder> funders, boolean inactiveMissing, List<Rule> rules) {

    public static final List<String> DEFAULT_ACCEPTED = List.of("metadata.acceptedDate", "metadata.publicationDate", "submittedDate");
    public static final String ACCEPTED = "accepted";

    /** A version-1 document. */
    public RulesDocument(List<String> accepted, Map<Name, List<String>> repositories, List<Rule> rules) {
        this(1, List.of(NamedDate.exact(ACCEPTED, accepted)), repositories, Map.of(), false, rules);
    }

    /** The sources of the {@code accepted} date, as version 1 has them. */
    public List<String> accepted() {
        return dates.get(0).sources().stream().map(Source::source).toList();
    }

    /** A PASS record named in the file: an exact title or name, or {@code id:N}. */
    public record Name(String value, int line) {
    }

    /** One source of a named date; an {@code approximate} one stands in for a date the submission lacks. */
    public record Source(String source, boolean approximate) {
    }

    public record NamedDate(String name, List<Source> sources) {

        static NamedDate exact(String name, List<String> sources) {
            return new NamedDate(name, sources.stream().map(source -> new Source(source, false)).toList());
        }
    }

    /**
     * A catalogue funder: the PASS funders it is (by name ignoring case and spacing, local key or
     * {@code id:N}), its registry identifiers, and the funder whose rules it gets when none names it.
     */
    public record Funder(String key, int line, List<String> names, List<String> localKeys, List<Long> ids,
                         List<String> funderIds, List<String> rors, String parent) {
    }

    /**
     * One entry of {@code policies}; {@code number} counts from 1 in file order. An empty
     * {@code funders} names the institutional policy. {@code provenance} is null in version 1.
     */
    public record Rule(int number, int line, Name policy, List<Name> funders, When when, Requires requires,
                       Provenance provenance) {

        public Rule(int number, int line, Name policy, List<Name> funders, When when, Requires requires) {
            this(number, line, policy, funders, when, requires, null);
        }
    }

    /** Where a version-2 rule comes from: its key, the notice and the day it was checked, and who says otherwise. */
    public record Provenance(String key, String url, LocalDate checked, boolean unverified, List<Disputed> disputed) {
    }

    public record Disputed(String url, String says) {
    }

    /**
     * What a copy must be to satisfy the policy: in each of {@code repositories}, of one of
     * {@code versions}, under one of {@code licences} (null: any), at most {@code embargoMonths} late.
     */
    public record Requires(List<Name> repositories, List<String> versions, List<String> licences, Integer embargoMonths) {

        public Requires(Name repository, List<String> versions, Integer embargoMonths) {
            this(List.of(repository), versions, null, embargoMonths);
        }

        public Name repository() {
            return repositories.get(0);
        }
    }

    /**
     * When a rule holds: {@code otherwise}, or every window holds (each a named date's or a grant
     * date's {@code from} inclusive, {@code until} exclusive, either null) and, with
     * {@code activeOn}, the grant has not ended before that named date.
     *
     * @param activeOn index of the named date the grant must be active on, or -1
     */
    public record When(boolean otherwise, List<Window> windows, int activeOn) {

        /** A grant's own date rather than a named date of the submission. */
        public enum GrantDate {
            AWARDED("grant.awarded", "award"), STARTED("grant.started", "start"), ENDED("grant.ended", "end");

            public final String key;
            final String word;

            GrantDate(String key, String word) {
                this.key = key;
                this.word = word;
            }
        }

        /** A window on the named date of index {@code date}, or on {@code grant}'s date when that is not null. */
        public record Window(int date, GrantDate grant, LocalDate from, LocalDate until) {

            boolean contains(LocalDate day) {
                return (from == null || !day.isBefore(from)) && (until == null || day.isBefore(until));
            }

            boolean sameDate(Window other) {
                return date == other.date && grant == other.grant;
            }

            boolean overlaps(Window other) {
                LocalDate start = later(from, other.from);
                LocalDate end = earlier(until, other.until);
                return start == null || end == null || start.isBefore(end);
            }
        }

        static final When ALWAYS = new When(false, List.of(), -1);
        static final When OTHERWISE = new When(true, List.of(), -1);

        /** Version 1's form: a window on the accepted date (named date 0) and whether the grant must be active on it. */
        public When(boolean otherwise, LocalDate from, LocalDate until, boolean grantActiveOnAccepted) {
            this(otherwise, from == null && until == null ? List.of() : List.of(new Window(0, null, from, until)),
                    grantActiveOnAccepted ? 0 : -1);
        }

        /** Whether the rule needs any date at all: one that needs none ends the candidates of an undecided funder. */
        boolean needsDates() {
            return !otherwise && (!windows.isEmpty() || activeOn >= 0);
        }

        /** Both can hold for one submission: on every date either tests, their windows meet. */
        boolean overlaps(When other) {
            for (Window mine : windows) {
                for (Window theirs : other.windows) {
                    if (mine.sameDate(theirs) && !mine.overlaps(theirs)) {
                        return false;
                    }
                }
            }
            return true;
        }

        private static LocalDate later(LocalDate a, LocalDate b) {
            return a == null ? b : b == null ? a : a.isAfter(b) ? a : b;
        }

        private static LocalDate earlier(LocalDate a, LocalDate b) {
            return a == null ? b : b == null ? a : a.isBefore(b) ? a : b;
        }
    }
}
