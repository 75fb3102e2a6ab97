package org.submission.policy.rules;

import java.util.List;
import java.util.Map;

/**
 * The PASS records a rules file may name, looked up by what it names them with: policies by
 * title, funders by name or localKey, repositories by name (each also by id). A name maps to
 * every id that has it, so an ambiguous one is refused rather than guessed. {@code funderRecords}
 * are the funders found for a version-2 funder table, matched to its entries by the resolver.
 *
 * @param institutionalPolicyId the policy with the institutional title (lowest id), or null
 */
public record RuleDirectory(Map<String, List<Long>> policies, Map<Long, String> policyTitles,
                            Map<String, List<Long>> funders, Map<Long, String> funderNames,
                            Map<String, List<Long>> repositories, Map<Long, String> repositoryNames,
                            Long institutionalPolicyId, List<FunderRecord> funderRecords) {

    /** Without local keys: every funder of {@code funderNames} by its name and id only. */
    public RuleDirectory(Map<String, List<Long>> policies, Map<Long, String> policyTitles,
                         Map<String, List<Long>> funders, Map<Long, String> funderNames,
                         Map<String, List<Long>> repositories, Map<Long, String> repositoryNames,
                         Long institutionalPolicyId) {
        this(policies, policyTitles, funders, funderNames, repositories, repositoryNames, institutionalPolicyId,
                funderNames.entrySet().stream().map(e -> new FunderRecord(e.getKey(), e.getValue(), null)).toList());
    }

    /** A PASS funder as a funder table matches it: {@code pass_funder.id}, name and localkey. */
    public record FunderRecord(long id, String name, String localKey) {
    }
}
