package org.submission.policy.service;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.submission.policy.doi.OpenCopies;
import org.submission.policy.doi.OpenCopies.Copy;
import org.submission.policy.rules.RuleSet.Requirement;

/**
 * Whether an open copy already on the web satisfies a policy: a copy whose address (or landing
 * page) starts with one of the required repository's URL prefixes, of an allowed version, open
 * no later than the embargo allows after publication. Pure functions, as {@link PolicyRules}.
 * A copy whose days are not known satisfies no embargo: nothing proves it was open in time.
 */
public final class Verdicts {

    public static final String SATISFIED = "satisfied";
    public static final String DEPOSIT = "deposit";
    public static final String UNDECIDED = "undecided";

    /** One policy's verdict, as answered: members in the documented order. */
    public static Map<String, Object> verdict(PolicyEntry policy, Requirement requires, List<String> prefixes,
                                              List<Long> policyRepositories, OpenCopies copies, String unavailable) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("id", policy.id());
        answer.put("type", policy.type());
        if (requires != null) {
            Map<String, Object> wanted = new LinkedHashMap<>();
            wanted.put("repository", String.valueOf(requires.repositoryId()));
            wanted.put("versions", requires.versions());
            if (requires.embargoMonths() != null) {
                wanted.put("embargoMonths", requires.embargoMonths());
            }
            answer.put("requires", wanted);
        }
        if (policy.undecided() != null || (requires != null && unavailable != null)) {
            answer.put("verdict", UNDECIDED);
            answer.put("why", policy.undecided() != null ? policy.undecided() : unavailable);
            return answer;
        }
        if (requires == null) {
            answer.put("verdict", DEPOSIT);
            answer.put("deposit", Map.of("repositories", policyRepositories.stream().map(String::valueOf).toList()));
            return answer;
        }
        List<Map<String, String>> by = new ArrayList<>();
        for (Copy copy : copies.manuscripts()) {
            if (satisfies(copy, requires, prefixes, copies.publishedDate())) {
                Map<String, String> one = new LinkedHashMap<>();
                one.put("url", copy.url());
                one.put("version", copy.version());
                one.put("licence", copy.license());
                by.add(one);
            }
        }
        if (by.isEmpty()) {
            answer.put("verdict", DEPOSIT);
            Map<String, Object> deposit = new LinkedHashMap<>();
            deposit.put("repository", String.valueOf(requires.repositoryId()));
            deposit.put("versions", requires.versions());
            answer.put("deposit", deposit);
        } else {
            answer.put("verdict", SATISFIED);
            answer.put("by", by);
        }
        return answer;
    }

    static boolean satisfies(Copy copy, Requirement requires, List<String> prefixes, String publishedDate) {
        if (copy.version() == null || !requires.versions().contains(copy.version())) {
            return false;
        }
        if (!inRepository(copy.url(), prefixes) && !inRepository(copy.landingPageUrl(), prefixes)) {
            return false;
        }
        if (requires.embargoMonths() == null) {
            return true;
        }
        LocalDate published = day(publishedDate);
        LocalDate open = day(copy.oaDate());
        return published != null && open != null && !open.isAfter(published.plusMonths(requires.embargoMonths()));
    }

    /** Host (any case) and path prefix, e.g. {@code pmc.ncbi.nlm.nih.gov/}, against an http(s) address. */
    static boolean inRepository(String url, List<String> prefixes) {
        return url != null && prefixes.stream().anyMatch(prefix -> hostAndPath(url).startsWith(hostAndPath(prefix)));
    }

    private static String hostAndPath(String address) {
        String rest = address.replaceFirst("^(?i)https?://", "");
        int slash = rest.indexOf('/');
        return slash < 0 ? rest.toLowerCase(Locale.ROOT) : rest.substring(0, slash).toLowerCase(Locale.ROOT) + rest.substring(slash);
    }

    private static LocalDate day(String text) {
        try {
            return text == null || text.length() < 10 ? null : LocalDate.parse(text.substring(0, 10));
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
