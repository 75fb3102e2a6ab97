package org.submission.policy.repository;

import java.util.List;
import java.util.Set;

/**
 * What the policy rules need to know about one submission, loaded in one statement: who may see
 * it, how its grants reach funder policies, which policy carries the institutional title, and
 * (for the repositories answer) the repositories of its effective policies.
 *
 * @param institutionalPolicyId lowest id of the policies with the institutional title, or null
 */
public record SubmissionGraph(
        long id,
        Long submitterId,
        List<String> submitterAffiliations,
        Set<Long> preparerIds,
        List<FunderRoute> funderRoutes,
        Long institutionalPolicyId,
        List<EffectiveRepository> effectiveRepositories) {

    /** A grant's primary or direct funder that has a policy. */
    public record FunderRoute(long grantId, long funderId, String role, long policyId) {
    }

    /**
     * One repository of one effective policy; {@code repositoryId} is null for a policy without
     * repositories, {@code institutional} says the repository's name is the institutional one.
     */
    public record EffectiveRepository(long policyId, Long repositoryId, boolean institutional) {
    }
}
