package org.submission.policy.rules;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * A rules file as written, before its names are looked up: every name keeps the line it is on,
 * so a name the database does not know is refused with its line.
 *
 * @param accepted where a submission's "accepted" date comes from, first found wins
 * @param repositories per repository name, the URL prefixes (host and path, no scheme) of its open copies
 */
public record RulesDocument(List<String> accepted, Map<Name, List<String>> repositories, List<Rule> rules) {

    public static final List<String> DEFAULT_ACCEPTED = List.of("metadata.acceptedDate", "metadata.publicationDate", "submittedDate");

    /** A PASS record named in the file: an exact title or name, or {@code id:N}. */
    public record Name(String value, int line) {
    }

    /**
     * One entry of {@code policies}; {@code number} counts from 1 in file order. An empty
     * {@code funders} names the institutional policy.
     */
    public record Rule(int number, int line, Name policy, List<Name> funders, When when, Requires requires) {
    }

    /**
     * {@code otherwise}, or a window on the accepted date ({@code from} inclusive, {@code until}
     * exclusive, either null) and whether the grant must still be active on the accepted date.
     */
    public record When(boolean otherwise, LocalDate from, LocalDate until, boolean grantActiveOnAccepted) {

        static final When ALWAYS = new When(false, null, null, false);

        boolean needsAcceptedDate() {
            return !otherwise && (from != null || until != null || grantActiveOnAccepted);
        }

        boolean overlaps(When other) {
            LocalDate start = later(from, other.from);
            LocalDate end = earlier(until, other.until);
            return start == null || end == null || start.isBefore(end);
        }

        private static LocalDate later(LocalDate a, LocalDate b) {
            return a == null ? b : b == null ? a : a.isAfter(b) ? a : b;
        }

        private static LocalDate earlier(LocalDate a, LocalDate b) {
            return a == null ? b : b == null ? a : a.isBefore(b) ? a : b;
        }
    }

    /** What satisfies the policy: a copy in {@code repository} of one of {@code versions}, at most {@code embargoMonths} late. */
    public record Requires(Name repository, List<String> versions, Integer embargoMonths) {
    }
}
