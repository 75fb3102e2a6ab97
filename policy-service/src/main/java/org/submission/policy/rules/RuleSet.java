package org.submission.policy.rules;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.submission.policy.rules.RulesDocument.NamedDate;
import org.submission.policy.rules.RulesDocument.Provenance;
import org.submission.policy.rules.RulesDocument.When;

/**
 * A rules file with its names resolved to record ids: immutable, so a request that reads the
 * current set once sees one whole version. {@link #NONE} is no rules file, the seed's behaviour.
 * Each funder's rules are indexed once, when the file is loaded (a child funder's with its
 * parent's), so that a request's cost does not grow with the rules other funders have.
 */
public final class RuleSet {

    public static final RuleSet NONE = new RuleSet(RulesDocument.DEFAULT_ACCEPTED, List.of(), Map.of());

    private final List<NamedDate> dates;
    private final List<DatedRule> rules;
    private final Map<Long, List<String>> prefixes;
    private final List<Inactive> inactive;
    /** Per funder id, the rules naming it, in file order. */
    private final Map<Long, List<DatedRule>> byFunder;
    /** The rules of the institutional policy, in file order. */
    private final List<DatedRule> institution;
    private final Set<String> metadataFields;
    private final FunderCatalogue funderCatalogue;

    /** A version-1 set: its one named date, accepted. */
    public RuleSet(List<String> accepted, List<DatedRule> rules, Map<Long, List<String>> prefixes) {
        this(List.of(NamedDate.exact(RulesDocument.ACCEPTED, accepted)), rules, prefixes, List.of());
    }

    /** @param prefixes per repository id, the URL prefixes (host and path) of its open copies */
    public RuleSet(List<NamedDate> dates, List<DatedRule> rules, Map<Long, List<String>> prefixes, List<Inactive> inactive) {
        this(dates, rules, prefixes, inactive, FunderCatalogue.NONE);
    }

    /** @param funderCatalogue a version-2 funder table, for the article's acknowledged funders */
    public RuleSet(List<NamedDate> dates, List<DatedRule> rules, Map<Long, List<String>> prefixes, List<Inactive> inactive,
                   FunderCatalogue funderCatalogue) {
        this.funderCatalogue = funderCatalogue;
        this.dates = dates;
        this.rules = rules;
        this.prefixes = prefixes;
        this.inactive = inactive;
        Map<Long, List<DatedRule>> index = new HashMap<>();
        for (DatedRule rule : rules) {
            rule.funders().forEach(funder -> index.computeIfAbsent(funder, id -> new ArrayList<>()).add(rule));
        }
        index.replaceAll((funder, named) -> List.copyOf(named));
        this.byFunder = Map.copyOf(index);
        this.institution = rules.stream().filter(rule -> rule.funders().isEmpty()).toList();
        this.metadataFields = dates.stream().flatMap(date -> date.sources().stream()).map(RulesDocument.Source::source)
                .filter(source -> source.startsWith(RulesParser.METADATA))
                .map(source -> source.substring(RulesParser.METADATA.length())).collect(Collectors.toUnmodifiableSet());
    }

    /** The named dates; a version-1 set has one, {@code accepted}. */
    public List<NamedDate> dates() {
        return dates;
    }

    /** The funder table a registry's funder list is matched to; {@link FunderCatalogue#NONE} without one. */
    public FunderCatalogue funderCatalogue() {
        return funderCatalogue;
    }

    /** The fields of the submission's metadata the dates' sources name ({@code metadata.X}: X). */
    public Set<String> metadataFields() {
        return metadataFields;
    }

    public List<DatedRule> rules() {
        return rules;
    }

    public Map<Long, List<String>> prefixes() {
        return prefixes;
    }

    /** The rules skipped under {@code missing-records: inactive}, each with what PASS lacks. */
    public List<Inactive> inactive() {
        return inactive;
    }

    /** The keys of the rules whose source was last checked more than a year before {@code today}. */
    public List<String> unchecked(LocalDate today) {
        return rules.stream().filter(rule -> rule.provenance() != null && rule.provenance().checked().isBefore(today.minusYears(1)))
                .map(rule -> rule.provenance().key()).toList();
    }

    public record Inactive(String key, String missing) {
    }

    /**
     * A resolved rule; empty {@code funders} is a rule of the institutional policy.
     *
     * @param label how reasons name it: {@code "<policy title> (rule N)"}
     * @param provenance a version-2 rule's key and sources; null in version 1
     * @param cited what explain reasons say of its provenance, built once (empty in version 1)
     */
    public record DatedRule(int number, String label, long policyId, Set<Long> funders, When when, Requirement requires,
                            Provenance provenance, Map<String, String> cited) {

        public DatedRule(int number, String label, long policyId, Set<Long> funders, When when, Requirement requires) {
            this(number, label, policyId, funders, when, requires, null, Map.of());
        }

        public DatedRule(int number, String label, long policyId, Set<Long> funders, When when, Requirement requires,
                         Provenance provenance) {
            this(number, label, policyId, funders, when, requires, provenance, cite(provenance));
        }

        private static Map<String, String> cite(Provenance provenance) {
            if (provenance == null) {
                return Map.of();
            }
            Map<String, String> cited = new LinkedHashMap<>();
            cited.put("source", provenance.url());
            cited.put("checked", provenance.checked().toString());
            cited.put("confidence", provenance.unverified() ? "unverified" : "verified");
            if (!provenance.disputed().isEmpty()) {
                cited.put("disputed", provenance.disputed().stream().map(d -> d.url() + " says " + d.says())
                        .collect(Collectors.joining("; ")));
            }
            return java.util.Collections.unmodifiableMap(cited);
        }
    }

    /**
     * What satisfies a policy: a copy in each repository, of one of the versions, under one of the
     * licences (null: any), at most embargoMonths late (null: any). {@code repositoryNames} are
     * the names the file gives them, for the answer's misses; {@code saysMisses} says a
     * version-2 file asks the compliance answer to say what each copy misses.
     */
    public record Requirement(List<Long> repositoryIds, List<String> versions, List<String> licences, Integer embargoMonths,
                              List<String> repositoryNames, boolean saysMisses) {

        public Requirement(long repositoryId, List<String> versions, Integer embargoMonths) {
            this(List.of(repositoryId), versions, null, embargoMonths, List.of(String.valueOf(repositoryId)), false);
        }

        /** The first (in version 1 the only) required repository. */
        public long repositoryId() {
            return repositoryIds.get(0);
        }
    }

    public boolean active() {
        return !rules.isEmpty();
    }

    /** What satisfies the policy: the first rule giving it that says so; null when none does. */
    public Requirement requirementOf(long policyId) {
        for (DatedRule rule : rules) {
            if (rule.policyId() == policyId && rule.requires() != null) {
                return rule.requires();
            }
        }
        return null;
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
