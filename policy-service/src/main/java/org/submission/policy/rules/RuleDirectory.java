package org.submission.policy.rules;

import java.util.List;
import java.util.Map;

/**
 * The PASS records a rules file may name, looked up by what it names them with: policies by
 * title, funders by name or localKey, repositories by name (each also by id). A name maps to
 * every id that has it, so an ambiguous one is refused rather than guessed.
 *
 * @param institutionalPolicyId the policy with the institutional title (lowest id), or null
 */
public record RuleDirectory(Map<String, List<Long>> policies, Map<Long, String> policyTitles,
                            Map<String, List<Long>> funders, Map<Long, String> funderNames,
                            Map<String, List<Long>> repositories, Map<Long, String> repositoryNames,
                            Long institutionalPolicyId) {
}
