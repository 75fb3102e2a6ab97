package org.submission.policy.service;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.submission.policy.doi.OpenCopies;
import org.submission.policy.doi.OpenCopies.Copy;
import org.submission.policy.rules.RuleSet.Requirement;

/**
 * Whether an open copy already on the web satisfies a policy: a copy in each required repository,
 * of an allowed version, under an allowed licence, open no later than the embargo allows after
 * publication ({@link CopyCheck}). Pure functions, as {@link PolicyRules}. Under a version-2
 * file, a deposit verdict also says what each copy found misses.
 */
public final class Verdicts {

    public static final String SATISFIED = "satisfied";
    public static final String DEPOSIT = "deposit";
    public static final String UNDECIDED = "undecided";

    private Verdicts() {
    }

    /** As below, for a requirement of one repository whose URL prefixes are {@code prefixes}. */
    public static Map<String, Object> verdict(PolicyEntry policy, Requirement requires, List<String> prefixes,
                                              List<Long> policyRepositories, OpenCopies copies, String unavailable) {
        return verdict(policy, requires, requires == null ? Map.of() : Map.of(requires.repositoryId(), prefixes),
                policyRepositories, copies, unavailable);
    }

    /** One policy's verdict, as answered: members in the documented order; {@code prefixes} by repository id. */
    public static Map<String, Object> verdict(PolicyEntry policy, Requirement requires, Map<Long, List<String>> prefixes,
                                              List<Long> policyRepositories, OpenCopies copies, String unavailable) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("id", policy.id());
        answer.put("type", policy.type());
        if (requires != null) {
            Map<String, Object> wanted = new LinkedHashMap<>();
            repositories(wanted, requires.repositoryIds());
            wanted.put("versions", requires.versions());
            if (requires.licences() != null) {
                wanted.put("licences", requires.licences());
            }
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
        List<Map<String, String>> missed = new ArrayList<>();
        Set<Long> satisfied = new HashSet<>();
        for (Copy copy : copies.manuscripts()) {
            List<String> misses = CopyCheck.misses(copy, requires, prefixes, copies.publishedDate());
            Map<String, String> one = new LinkedHashMap<>();
            one.put("url", copy.url());
            one.put("version", copy.version());
            one.put("licence", copy.license());
            if (misses.isEmpty()) {
                satisfied.add(CopyCheck.repositoryOf(copy, requires, prefixes));
                by.add(one);
            } else {
                one.put("misses", String.join("; ", misses));
                missed.add(one);
            }
        }
        List<Long> wanting = requires.repositoryIds().stream().filter(id -> !satisfied.contains(id)).toList();
        if (requires.repositoryIds().isEmpty() ? !by.isEmpty() : wanting.isEmpty()) {
            answer.put("verdict", SATISFIED);
            answer.put("by", by);
            return answer;
        }
        answer.put("verdict", DEPOSIT);
        Map<String, Object> deposit = new LinkedHashMap<>();
        repositories(deposit, wanting);
        deposit.put("versions", requires.versions());
        if (requires.licences() != null) {
            deposit.put("licences", requires.licences());
        }
        answer.put("deposit", deposit);
        if (requires.saysMisses()) {
            answer.put("copies", missed);
        }
        return answer;
    }

    /** {@code "repository": "3"} for one, as version 1 answers; {@code "repositories"} for several; nothing for none. */
    private static void repositories(Map<String, Object> into, List<Long> ids) {
        if (ids.isEmpty()) {
            return;
        }
        if (ids.size() == 1) {
            into.put("repository", String.valueOf(ids.get(0)));
        } else {
            into.put("repositories", ids.stream().map(String::valueOf).toList());
        }
    }
}
