package org.submission.policy.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.submission.platform.reload.RejectedFile;
import org.submission.policy.rules.RuleSet.DatedRule;
import org.submission.policy.rules.RuleSet.Requirement;
import org.submission.policy.rules.RulesDocument.Name;
import org.submission.policy.rules.RulesDocument.Rule;

/**
 * Turns a {@link RulesDocument}'s names into ids and refuses what cannot be meant: a name no record
 * or several records have, a repository required without URL prefixes to recognise its copies,
 * an institutional rule of another policy, and dated rules of the same funders whose windows
 * overlap with no {@code otherwise} among them (which of the two was meant cannot be told).
 */
public final class RuleResolver {

    private static final String ID = "id:";

    private RuleResolver() {
    }

    /** Every name the document uses, by kind, for the one lookup statement. */
    public static Names names(RulesDocument document) {
        Set<String> policies = new LinkedHashSet<>();
        Set<String> funders = new LinkedHashSet<>();
        Set<String> repositories = new LinkedHashSet<>();
        document.repositories().keySet().forEach(name -> repositories.add(name.value()));
        for (Rule rule : document.rules()) {
            policies.add(rule.policy().value());
            rule.funders().forEach(funder -> funders.add(funder.value()));
            if (rule.requires() != null) {
                repositories.add(rule.requires().repository().value());
            }
        }
        return new Names(List.copyOf(policies), List.copyOf(funders), List.copyOf(repositories));
    }

    public record Names(List<String> policies, List<String> funders, List<String> repositories) {
    }

    public static RuleSet resolve(RulesDocument document, RuleDirectory directory) {
        Map<Long, List<String>> prefixes = new HashMap<>();
        document.repositories().forEach((name, list) -> prefixes.put(
                one(name, directory.repositories(), "repository"), list));
        List<DatedRule> rules = new ArrayList<>();
        for (Rule rule : document.rules()) {
            long policy = one(rule.policy(), directory.policies(), "policy");
            Set<Long> funders = new LinkedHashSet<>();
            rule.funders().forEach(funder -> funders.add(one(funder, directory.funders(), "funder")));
            if (funders.isEmpty() && !Long.valueOf(policy).equals(directory.institutionalPolicyId())) {
                throw new RejectedFile(rule.line(), "rule " + rule.number() + " has no funders, which names the institutional"
                        + " policy, but \"" + rule.policy().value() + "\" is not the institutional policy"
                        + " (SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE)");
            }
            Requirement requires = null;
            if (rule.requires() != null) {
                long repository = one(rule.requires().repository(), directory.repositories(), "repository");
                if (!prefixes.containsKey(repository)) {
                    throw new RejectedFile(rule.requires().repository().line(), "repository \"" + rule.requires().repository().value()
                            + "\" has no URL prefixes under repositories: its open copies could not be recognised");
                }
                requires = new Requirement(repository, rule.requires().versions(), rule.requires().embargoMonths());
            }
            String label = directory.policyTitles().getOrDefault(policy, rule.policy().value()) + " (rule " + rule.number() + ")";
            DatedRule resolved = new DatedRule(rule.number(), label, policy, Set.copyOf(funders), rule.when(), requires);
            rules.add(resolved);
        }
        refuseOverlaps(rules, document.rules());
        return new RuleSet(document.accepted(), List.copyOf(rules), Map.copyOf(prefixes));
    }

    private static void refuseOverlaps(List<DatedRule> rules, List<Rule> written) {
        for (int later = 0; later < rules.size(); later++) {
            DatedRule rule = rules.get(later);
            if (rule.when().otherwise() || rules.stream().anyMatch(other -> other.when().otherwise()
                    && other.funders().equals(rule.funders()))) {
                continue;
            }
            for (DatedRule before : rules.subList(0, later)) {
                if (!before.when().otherwise() && before.funders().equals(rule.funders()) && before.when().overlaps(rule.when())) {
                    throw new RejectedFile(written.get(later).line(), "rule " + rule.number() + " overlaps the dates of rule "
                            + before.number() + " for the same funders, with no \"when: otherwise\" for them: say which applies when");
                }
            }
        }
    }

    private static long one(Name name, Map<String, List<Long>> byName, String kind) {
        List<Long> ids = byName.getOrDefault(name.value(), List.of());
        if (ids.isEmpty()) {
            throw new RejectedFile(name.line(), "no " + kind + " \"" + name.value() + "\""
                    + (name.value().startsWith(ID) ? "" : " (an exact " + (kind.equals("policy") ? "title" : "name")
                    + (kind.equals("funder") ? " or localKey" : "") + ", or id:N)"));
        }
        if (ids.size() > 1) {
            throw new RejectedFile(name.line(), kind + " \"" + name.value() + "\" names " + ids.size() + " records " + ids
                    + ": name one as id:N");
        }
        return ids.get(0);
    }
}
