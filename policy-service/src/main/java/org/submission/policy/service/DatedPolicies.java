package org.submission.policy.service;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.submission.platform.security.Caller;
import org.submission.policy.repository.SubmissionGraph;
import org.submission.policy.repository.SubmissionGraph.FunderRoute;
import org.submission.policy.rules.RegistryDates;
import org.submission.policy.rules.RuleEvaluation;
import org.submission.policy.rules.RuleEvaluation.Choice;
import org.submission.policy.rules.RuleSet;
import org.submission.policy.rules.SubmissionDates;

/**
 * {@link PolicyRules#applicablePolicies} under a rules file: the same routes to funders and the
 * same affiliation test, each funder's and the institution's policy chosen by the rules. A policy
 * reached decided by one route and undecided by another is decided.
 */
final class DatedPolicies {

    private DatedPolicies() {
    }

    static List<PolicyEntry> applicable(SubmissionGraph graph, Caller caller, String institution, boolean explain,
                                        RuleSet rules, RegistryDates registry) {
        Long institutional = institution == null ? null : graph.institutionalPolicyId();
        SubmissionDates dates = new SubmissionDates(rules.dates(), graph.metadata()::text, graph.submittedDate(), registry);
        Map<Long, Gathered> policies = new TreeMap<>();
        for (FunderRoute route : graph.funderRoutes().stream().sorted(PolicyRules.ROUTE_ORDER).toList()) {
            // the reasons are built only for ?explain=true: the answer without them is the frequent one
            Map<String, String> via = explain ? PolicyRules.reason("grant", String.valueOf(route.grantId()),
                    "funder", String.valueOf(route.funderId()), "role", route.role()) : null;
            for (Choice choice : RuleEvaluation.forFunder(rules, route.funderId(), route.policyId(), route, dates, explain)) {
                policies.computeIfAbsent(choice.policyId(), id -> new Gathered()).add(via, choice);
            }
        }
        if (institutional != null) {
            List<Map<String, String>> why = PolicyRules.affiliationReasons(graph, caller, institution);
            if (!why.isEmpty()) {
                for (Choice choice : RuleEvaluation.forInstitution(rules, institutional, dates, explain)) {
                    why.forEach(affiliation -> policies.computeIfAbsent(choice.policyId(), id -> new Gathered())
                            .add(explain ? affiliation : null, choice));
                }
            }
        }
        List<PolicyEntry> entries = new ArrayList<>(policies.size());
        policies.forEach((id, gathered) -> entries.add(new PolicyEntry(String.valueOf(id),
                id.equals(institutional) ? PolicyEntry.INSTITUTION : PolicyEntry.FUNDER,
                gathered.decided ? null : gathered.undecided, explain ? List.copyOf(gathered.reasons) : null)));
        return entries;
    }

    private static final class Gathered {
        final Set<Map<String, String>> reasons = new LinkedHashSet<>();
        boolean decided;
        String undecided;

        /** {@code via} is null when no reasons are asked for. */
        void add(Map<String, String> via, Choice choice) {
            if (choice.undecided() != null) {
                undecided = undecided == null ? choice.undecided() : undecided;
            } else {
                decided = true;
            }
            if (via != null) {
                Map<String, String> reason = new LinkedHashMap<>(via);
                reason.putAll(choice.reason());
                if (choice.undecided() != null) {
                    reason.put("undecided", choice.undecided());
                }
                reasons.add(Collections.unmodifiableMap(reason));
            }
        }
    }
}
