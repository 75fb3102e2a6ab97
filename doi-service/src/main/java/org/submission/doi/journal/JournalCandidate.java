package org.submission.doi.journal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.submission.doi.html.SafeText;
import org.submission.doi.upstream.RegistryClient;

/**
 * The journal a registry work says it appeared in: {@code container-title[0]} and its ISSNs,
 * typed ones first ({@code Print:}, {@code Online:}, {@code :} for other types) in
 * {@code issn-type} order, then untyped {@code ISSN} values not seen yet; at most
 * {@link #MAX_ISSNS} of them (a journal has a handful; each one costs an advisory lock).
 * Control characters and NUL are dropped from the name and the ISSNs (PostgreSQL stores no NUL).
 * A name longer than pass-core's column is cut to fit ({@link #fitted}), as pass-core itself
 * would refuse it.
 */
public record JournalCandidate(String name, List<String> issns) {

    /** The widths of pass_journal.journalname and pass_journal_issns.issns, in characters, as pass-core has them. */
    static final int MAX_NAME = 255;
    static final int MAX_ISSN = 255;
    /** ISSNs taken from a work; the rest are ignored (module README). */
    public static final int MAX_ISSNS = RegistryClient.MAX_ISSNS;

    /** Whoever builds a candidate, it carries at most {@link #MAX_ISSNS}, so find-or-create takes a bounded number of locks. */
    public JournalCandidate {
        issns = List.copyOf(issns.size() > MAX_ISSNS ? issns.subList(0, MAX_ISSNS) : issns);
    }

    public static JournalCandidate fromWork(JsonNode work) {
        JsonNode message = work.path("message");
        String name = firstText(message.path("container-title"));
        Set<String> issns = new LinkedHashSet<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode typed : message.path("issn-type")) {
            if (issns.size() == MAX_ISSNS) {
                break;
            }
            String value = text(typed.path("value"));
            if (value != null) {
                String type = switch (String.valueOf(text(typed.path("type"))).toLowerCase(Locale.ROOT)) {
                    case "print" -> "Print";
                    case "electronic" -> "Online";
                    default -> "";
                };
                add(issns, type + ":" + value);
                seen.add(value.toUpperCase(Locale.ROOT));
            }
        }
        for (JsonNode untyped : message.path("ISSN")) {
            if (issns.size() == MAX_ISSNS) {
                break;
            }
            String value = text(untyped);
            if (value != null && seen.add(value.toUpperCase(Locale.ROOT))) {
                add(issns, ":" + value);
            }
        }
        return new JournalCandidate(name == null ? null : fitted(name), List.copyOf(issns));
    }

    /**
     * A name of at most {@link #MAX_NAME} characters (code points, as PostgreSQL counts them): a
     * longer one ends at its last whitespace within the width, or at the width when a single word
     * fills it. V5 cuts the names already stored the same way, so that a title seen again matches
     * the journal made from it.
     */
    static String fitted(String name) {
        if (name.codePointCount(0, name.length()) <= MAX_NAME) {
            return name;
        }
        int end = name.offsetByCodePoints(0, MAX_NAME);
        if (!Character.isWhitespace(name.codePointAt(end))) {
            for (int i = end; i > 0; i = name.offsetByCodePoints(i, -1)) {
                if (Character.isWhitespace(name.codePointBefore(i)) && i > 1) {
                    end = i - 1;
                    break;
                }
            }
        }
        return name.substring(0, end).stripTrailing();
    }

    private static void add(Set<String> issns, String issn) {
        if (issn.length() <= MAX_ISSN) {
            issns.add(issn);
        }
    }

    /** The ISSN values without their type, upper-cased (a check digit may be an x). */
    public Set<String> issnValues() {
        Set<String> values = new LinkedHashSet<>();
        issns.forEach(issn -> values.add(value(issn)));
        return values;
    }

    public boolean hasName() {
        return name != null;
    }

    /** Enough to create a journal: a name and at least one ISSN. */
    public boolean complete() {
        return hasName() && !issns.isEmpty();
    }

    static String value(String issn) {
        return issn.substring(issn.indexOf(':') + 1).toUpperCase(Locale.ROOT);
    }

    private static String firstText(JsonNode node) {
        return node.isArray() ? text(node.path(0)) : text(node);
    }

    private static String text(JsonNode node) {
        if (!node.isTextual()) {
            return null;
        }
        String value = SafeText.line(node.asText());
        return value.isEmpty() ? null : value;
    }
}
