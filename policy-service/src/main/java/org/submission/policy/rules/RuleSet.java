package org.submission.policy.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.submission.policy.rules.RulesDocument.When;

/**
 * A rules file with its names resolved to record ids: immutable, so a request that reads the
 * current set once sees one whole version. {@link #NONE} is no rules file, the seed's behaviour.
 * Each funder's rules are indexed once, when the file is loaded, so that a request's cost does not
 * grow with the rules other funders have.
 */
public final class RuleSet {

    public static final RuleSet NONE = new RuleSet(RulesDocument.DEFAULT_ACCEPTED, List.of(), Map.of());

    private final List<String> accepted;
    private final List<DatedRule> rules;
    private final Map<Long, List<String>> prefixes;
    /** Per funder id, the rules naming it, in file order. */
    private final Map<Long, List<DatedRule>> byFunder;
    /** The rules of the institutional policy, in file order. */
    private final List<DatedRule> institution;
    private final Set<String> metadataFields;

    /** @param prefixes per repository id, the URL prefixes (host and path) of its open copies */
    public RuleSet(List<String> accepted, List<DatedRule> rules, Map<Long, List<String>> prefixes) {
        this.accepted = accepted;
        this.rules = rules;
        this.prefixes = prefixes;
        Map<Long, List<DatedRule>> index = new HashMap<>();
        for (DatedRule rule : rules) {
            rule.funders().forEach(funder -> index.computeIfAbsent(funder, id -> new ArrayList<>()).add(rule));
        }
        index.replaceAll((funder, named) -> List.copyOf(named));
        this.byFunder = Map.copyOf(index);
        this.institution = rules.stream().filter(rule -> rule.funders().isEmpty()).toList();
        this.metadataFields = accepted.stream().filter(source -> source.startsWith(RulesParser.METADATA))
                .map(source -> source.substring(RulesParser.METADATA.length())).collect(Collectors.toUnmodifiableSet());
    }

    public List<String> accepted() {
        return accepted;
    }

    /** The fields of the submission's metadata the accepted date's sources name ({@code metadata.X}: X). */
    public Set<String> metadataFields() {
        return metadataFields;
    }

    public List<DatedRule> rules() {
        return rules;
    }

    public Map<Long, List<String>> prefixes() {
        return prefixes;
    }

    /**
     * A resolved rule; empty {@code funders} is a rule of the institutional policy.
     *
     * @param label how reasons name it: {@code "<policy title> (rule N)"}
     */
    public record DatedRule(int number, String label, long policyId, Set<Long> funders, When when, Requirement requires) {
    }

    /** What satisfies a policy: a copy in the repository, of one of the versions, at most embargoMonths late (null: any). */
    public record Requirement(long repositoryId, List<String> versions, Integer embargoMonths) {
    }

    public boolean active() {
        return !rules.isEmpty();
    }

    /** What satisfies the policy: the first rule giving it that says so; null when none does. */
    public Requirement requirementOf(long policyId) {
        return rules.stream().filter(rule -> rule.policyId() == policyId && rule.requires() != null)
                .map(DatedRule::requires).findFirst().orElse(null);
    }

    /** The rules naming the funder, in file order. */
    public List<DatedRule> forFunder(long funderId) {
        return byFunder.getOrDefault(funderId, List.of());
    }

    /** The rules of the institutional policy ({@code funders: []}), in file order. */
    public List<DatedRule> forInstitution() {
        return institution;
    }
}
