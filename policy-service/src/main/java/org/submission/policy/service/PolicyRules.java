package org.submission.policy.service;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.submission.policy.repository.SubmissionGraph;
import org.submission.policy.repository.SubmissionGraph.EffectiveRepository;
import org.submission.policy.repository.SubmissionGraph.FunderRoute;
import org.submission.platform.security.Caller;
import org.submission.policy.rules.RegistryDates;
import org.submission.policy.rules.RuleEvaluation;
import org.submission.policy.rules.RuleSet;

/**
 * The decisions of the policy contract, on data already loaded: who may ask, which policies apply,
 * where to deposit. Pure functions, so that every rule can be tested without a database.
 */
public final class PolicyRules {

    static final String SUBMITTER_AFFILIATION = "affiliation of the submitter";
    static final String CALLER_AFFILIATION = "affiliation of the caller";
    static final String INSTITUTIONAL_OPTIONAL = "optional: other repositories are required";
    static final String INSTITUTIONAL_ALONE = "required: no other repository applies";

    static final Comparator<FunderRoute> ROUTE_ORDER = Comparator.comparingLong(FunderRoute::grantId)
            .thenComparing(route -> "primary".equals(route.role()) ? 0 : 1)
            .thenComparingLong(FunderRoute::funderId);

    private PolicyRules() {
    }

    /** Only the submitter, a preparer, an admin user or a backend account may ask about a submission. */
    public static boolean mayRead(Caller caller, SubmissionGraph graph) {
        if (caller.backend() || caller.admin()) {
            return true;
        }
        Long user = caller.userId();
        return user != null && (user.equals(graph.submitterId()) || graph.preparerIds().contains(user));
    }

    /** The reasons by which the caller or the submitter is affiliated with the institution (empty: neither). */
    static List<Map<String, String>> affiliationReasons(SubmissionGraph graph, Caller caller, String institution) {
        List<Map<String, String>> why = new ArrayList<>();
        if (affiliated(graph.submitterAffiliations(), institution)) {
            why.add(reason("institution", SUBMITTER_AFFILIATION));
        }
        if (affiliated(caller.affiliations(), institution)) {
            why.add(reason("institution", CALLER_AFFILIATION));
        }
        return why;
    }

    /** Exact or scoped ({@code x@institution}) match, ignoring case. */
    public static boolean affiliated(Collection<String> affiliations, String institution) {
        if (institution == null || institution.isBlank()) {
            return false;
        }
        String wanted = institution.trim().toLowerCase(Locale.ROOT);
        for (String affiliation : affiliations) {
            String value = affiliation.trim().toLowerCase(Locale.ROOT);
            if (value.equals(wanted) || value.endsWith("@" + wanted)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Funder policies through every grant's primary and direct funder, plus the institutional
     * policy when the caller or the submitter is affiliated with {@code institution} (null: none).
     */
    public static List<PolicyEntry> applicablePolicies(SubmissionGraph graph, Caller caller, String institution,
                                                       boolean explain) {
        return applicablePolicies(graph, caller, institution, explain, RuleSet.NONE);
    }

    /** As above, with each funder's and the institution's policy chosen by {@code rules} (see {@link RuleEvaluation}). */
    public static List<PolicyEntry> applicablePolicies(SubmissionGraph graph, Caller caller, String institution,
                                                       boolean explain, RuleSet rules) {
        return applicablePolicies(graph, caller, institution, explain, rules, RegistryDates.none());
    }

    /** As above, with the article's registry dates as far as they were read for the rules' {@code registry.*} sources. */
    public static List<PolicyEntry> applicablePolicies(SubmissionGraph graph, Caller caller, String institution,
                                                       boolean explain, RuleSet rules, RegistryDates registry) {
        if (rules.active()) {
            return DatedPolicies.applicable(graph, caller, institution, explain, rules, registry);
        }
        Long institutional = institution == null ? null : graph.institutionalPolicyId();
        Map<Long, Set<Map<String, String>>> reasons = new TreeMap<>();
        // a graph loaded for rules (the dry run's) also has the funders without a policy: without rules they give none
        graph.funderRoutes().stream().filter(route -> route.policyId() != null).sorted(ROUTE_ORDER).forEach(route ->
                reasons.computeIfAbsent(route.policyId(), id -> new LinkedHashSet<>()).add(reason(
                        "grant", String.valueOf(route.grantId()),
                        "funder", String.valueOf(route.funderId()),
                        "role", route.role())));
        if (institutional != null) {
            List<Map<String, String>> why = affiliationReasons(graph, caller, institution);
            if (!why.isEmpty()) {
                reasons.computeIfAbsent(institutional, id -> new LinkedHashSet<>()).addAll(why);
            }
        }
        List<PolicyEntry> entries = new ArrayList<>(reasons.size());
        reasons.forEach((id, why) -> entries.add(new PolicyEntry(String.valueOf(id),
                id.equals(institutional) ? PolicyEntry.INSTITUTION : PolicyEntry.FUNDER,
                explain ? List.copyOf(why) : null)));
        return entries;
    }

    /**
     * The repositories of the effective policies ({@code rows}: a submission's, or every policy's for
     * the dry run) that are among {@code applicable}; the institutional repository is optional (and
     * ticked) beside others, required when alone.
     */
    public static RepositoryChoice repositories(List<EffectiveRepository> rows, List<PolicyEntry> applicable, boolean explain) {
        Set<String> applies = new LinkedHashSet<>();
        applicable.forEach(policy -> applies.add(policy.id()));
        Map<Long, Set<Map<String, String>>> reasons = new TreeMap<>();
        Set<Long> institutional = new LinkedHashSet<>();
        rows.stream()
                .filter(row -> row.repositoryId() != null && applies.contains(String.valueOf(row.policyId())))
                .sorted(Comparator.comparingLong(EffectiveRepository::policyId))
                .forEach(row -> {
                    reasons.computeIfAbsent(row.repositoryId(), id -> new LinkedHashSet<>())
                            .add(reason("policy", String.valueOf(row.policyId())));
                    if (row.institutional()) {
                        institutional.add(row.repositoryId());
                    }
                });
        boolean others = reasons.keySet().stream().anyMatch(id -> !institutional.contains(id));
        List<RepositoryEntry> required = new ArrayList<>();
        List<RepositoryEntry> optional = new ArrayList<>();
        reasons.forEach((id, why) -> {
            boolean optionalOne = others && institutional.contains(id);
            if (institutional.contains(id)) {
                why.add(reason("institutionalRepository", optionalOne ? INSTITUTIONAL_OPTIONAL : INSTITUTIONAL_ALONE));
            }
            RepositoryEntry entry = new RepositoryEntry(String.valueOf(id), true, explain ? List.copyOf(why) : null);
            (optionalOne ? optional : required).add(entry);
        });
        return new RepositoryChoice(required, optional);
    }

    /** A reason object whose members keep their order in the JSON, so equal answers are byte-identical. */
    static Map<String, String> reason(String... namesAndValues) {
        Map<String, String> reason = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            reason.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return Collections.unmodifiableMap(reason);
    }
}
