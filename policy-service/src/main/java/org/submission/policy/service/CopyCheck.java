package org.submission.policy.service;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.submission.policy.doi.OpenCopies.Copy;
import org.submission.policy.rules.RuleSet.Requirement;

/**
 * One open copy against one requirement: the required repository it is in (by the address's or
 * landing page's host and path prefix), and each requirement it misses, in the words an author
 * reads ("CC BY required, copy is cc-by-nc"). A copy whose days are not known satisfies no
 * embargo: nothing proves it was open in time.
 */
final class CopyCheck {

    private CopyCheck() {
    }

    /** The required repository the copy is in, or null (always, for a requirement that names none). */
    static Long repositoryOf(Copy copy, Requirement requires, Map<Long, List<String>> prefixes) {
        for (Long repository : requires.repositoryIds()) {
            List<String> its = prefixes.getOrDefault(repository, List.of());
            if (inRepository(copy.url(), its) || inRepository(copy.landingPageUrl(), its)) {
                return repository;
            }
        }
        return null;
    }

    /** What the copy misses of the requirement; empty when it satisfies it. */
    static List<String> misses(Copy copy, Requirement requires, Map<Long, List<String>> prefixes, String publishedDate) {
        List<String> misses = new ArrayList<>(1);
        if (copy.version() == null || !requires.versions().contains(copy.version())) {
            misses.add(String.join(" or ", requires.versions()) + " required, copy is "
                    + (copy.version() == null ? "of no known version" : copy.version()));
        }
        if (!requires.repositoryIds().isEmpty() && repositoryOf(copy, requires, prefixes) == null) {
            misses.add("a copy in " + String.join(" or ", requires.repositoryNames()) + " required, copy is at " + host(copy.url()));
        }
        if (requires.licences() != null && (copy.license() == null || !requires.licences().contains(copy.license()))) {
            misses.add(String.join(" or ", requires.licences().stream().map(CopyCheck::licenceName).toList())
                    + " required, copy is " + (copy.license() == null ? "without a licence" : copy.license()));
        }
        if (requires.embargoMonths() != null) {
            LocalDate published = day(publishedDate);
            LocalDate open = day(copy.oaDate());
            if (published == null || open == null || open.isAfter(published.plusMonths(requires.embargoMonths()))) {
                misses.add("open within " + requires.embargoMonths() + " months of publication required, copy "
                        + (open == null ? "has no known open day" : published == null ? "of an article with no known publication day"
                        : "opened " + open));
            }
        }
        return misses;
    }

    /** An Unpaywall licence word as the licence is called: {@code cc-by-nc} is "CC BY-NC". */
    static String licenceName(String word) {
        return word.startsWith("cc-") ? "CC " + word.substring(3).toUpperCase(Locale.ROOT)
                : word.equals("cc0") ? "CC0" : word;
    }

    /** Host (any case) and path prefix, e.g. {@code pmc.ncbi.nlm.nih.gov/}, against an http(s) address. */
    static boolean inRepository(String url, List<String> prefixes) {
        return url != null && prefixes.stream().anyMatch(prefix -> hostAndPath(url).startsWith(hostAndPath(prefix)));
    }

    private static String host(String url) {
        if (url == null) {
            return "an unknown address";
        }
        String rest = hostAndPath(url);
        int slash = rest.indexOf('/');
        return slash < 0 ? rest : rest.substring(0, slash);
    }

    private static String hostAndPath(String address) {
        String rest = address.replaceFirst("^(?i)https?://", "");
        int slash = rest.indexOf('/');
        return slash < 0 ? rest.toLowerCase(Locale.ROOT) : rest.substring(0, slash).toLowerCase(Locale.ROOT) + rest.substring(slash);
    }

    static LocalDate day(String text) {
        try {
            return text == null || text.length() < 10 ? null : LocalDate.parse(text.substring(0, 10));
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
