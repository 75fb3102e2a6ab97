package org.submission.policy.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.submission.platform.reload.RejectedFile;
import org.submission.policy.rules.RuleSet.DatedRule;
import org.submission.policy.rules.RuleSet.Inactive;
import org.submission.policy.rules.RuleSet.Requirement;
import org.submission.policy.rules.RulesDocument.Funder;
import org.submission.policy.rules.RulesDocument.Name;
import org.submission.policy.rules.RulesDocument.Rule;

/**
 * Turns a {@link RulesDocument}'s names into ids and refuses what cannot be meant: a name no record
 * or several records have, a repository required without URL prefixes to recognise its copies,
 * an institutional rule of another policy, and dated rules of the same funders whose windows
 * overlap with no {@code otherwise} among them (which of the two was meant cannot be told).
 * Under {@code missing-records: inactive}, a rule naming a record PASS lacks is skipped instead
 * and listed in {@link RuleSet#inactive()}; an ambiguous name stays a refusal.
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
            if (document.version() == 1) {
                rule.funders().forEach(funder -> funders.add(funder.value()));
            }
            if (rule.requires() != null) {
                rule.requires().repositories().forEach(repository -> repositories.add(repository.value()));
            }
        }
        Set<String> funderNames = new LinkedHashSet<>();
        Set<String> localKeys = new LinkedHashSet<>();
        for (Funder funder : document.funders().values()) {
            funder.names().forEach(name -> funderNames.add(FunderTable.normalised(name)));
            localKeys.addAll(funder.localKeys());
            funder.ids().forEach(id -> funders.add(ID + id));
        }
        return new Names(List.copyOf(policies), List.copyOf(funders), List.copyOf(repositories), List.copyOf(funderNames),
                List.copyOf(localKeys));
    }

    /** @param funderNames a funder table's names, normalised ({@link FunderTable#normalised}) */
    public record Names(List<String> policies, List<String> funders, List<String> repositories, List<String> funderNames,
                        List<String> funderLocalKeys) {

        public Names(List<String> policies, List<String> funders, List<String> repositories) {
            this(policies, funders, repositories, List.of(), List.of());
        }
    }

    public static RuleSet resolve(RulesDocument document, RuleDirectory directory) {
        boolean inactiveMissing = document.inactiveMissing();
        Map<Long, List<String>> prefixes = new HashMap<>();
        document.repositories().forEach((name, list) -> {
            Long id = one(name, directory.repositories(), "repository", inactiveMissing);
            if (id != null) {
                prefixes.put(id, list);
            }
        });
        FunderTable table = document.version() == 2 ? FunderTable.of(document, directory) : null;
        List<DatedRule> rules = new ArrayList<>();
        List<Inactive> inactive = new ArrayList<>();
        for (Rule rule : document.rules()) {
            List<String> missing = new ArrayList<>();
            Long policy = one(rule.policy(), directory.policies(), "policy", inactiveMissing);
            if (policy == null) {
                missing.add("no policy \"" + rule.policy().value() + "\"");
            }
            Set<Long> funders = new LinkedHashSet<>();
            if (table != null) {
                funders.addAll(table.passFunders(rule, inactiveMissing, missing));
            } else {
                rule.funders().forEach(funder -> funders.add(one(funder, directory.funders(), "funder", false)));
            }
            if (funders.isEmpty() && rule.funders().isEmpty() && policy != null
                    && !policy.equals(directory.institutionalPolicyId())) {
                throw new RejectedFile(rule.line(), "rule " + rule.number() + " has no funders, which names the institutional"
                        + " policy, but \"" + rule.policy().value() + "\" is not the institutional policy"
                        + " (SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE)");
            }
            Requirement requires = rule.requires() == null ? null : requirement(rule, directory, prefixes, inactiveMissing, missing);
            if (!missing.isEmpty()) {
                inactive.add(new Inactive(rule.provenance().key(), String.join("; ", missing)));
                continue;
            }
            String label = directory.policyTitles().getOrDefault(policy, rule.policy().value()) + " (rule " + rule.number() + ")";
            rules.add(new DatedRule(rule.number(), label, policy, Set.copyOf(funders), rule.when(), requires, rule.provenance()));
        }
        refuseOverlaps(rules, document.rules());
        FunderCatalogue catalogue = table == null ? FunderCatalogue.NONE
                : FunderCatalogue.of(document, table, rules, directory.policyTitles());
        return new RuleSet(document.dates(), List.copyOf(rules), Map.copyOf(prefixes), List.copyOf(inactive), catalogue);
    }

    private static Requirement requirement(Rule rule, RuleDirectory directory, Map<Long, List<String>> prefixes,
                                           boolean inactiveMissing, List<String> missing) {
        List<Long> ids = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Name name : rule.requires().repositories()) {
            Long repository = one(name, directory.repositories(), "repository", inactiveMissing);
            if (repository == null) {
                missing.add("no repository \"" + name.value() + "\"");
                continue;
            }
            if (!prefixes.containsKey(repository)) {
                throw new RejectedFile(name.line(), "repository \"" + name.value()
                        + "\" has no URL prefixes under repositories: its open copies could not be recognised");
            }
            ids.add(repository);
            names.add(directory.repositoryNames().getOrDefault(repository, name.value()));
        }
        if (rule.provenance() == null) {
            return new Requirement(ids.get(0), rule.requires().versions(), rule.requires().embargoMonths());
        }
        return new Requirement(List.copyOf(ids), rule.requires().versions(), rule.requires().licences(),
                rule.requires().embargoMonths(), List.copyOf(names), true);
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
                    throw new RejectedFile(written.get(rule.number() - 1).line(), "rule " + rule.number() + " overlaps the dates of rule "
                            + before.number() + " for the same funders, with no \"when: otherwise\" for them: say which applies when");
                }
            }
        }
    }

    /** The one record of that name; null when there is none and {@code orNull} (missing-records: inactive). */
    static Long one(Name name, Map<String, List<Long>> byName, String kind, boolean orNull) {
        List<Long> ids = byName.getOrDefault(name.value(), List.of());
        if (ids.isEmpty() && orNull) {
            return null;
        }
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
