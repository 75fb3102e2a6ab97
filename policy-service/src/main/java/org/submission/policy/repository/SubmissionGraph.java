package org.submission.policy.repository;

import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import org.submission.policy.rules.RuleEvaluation;

/**
 * What the policy rules need to know about one submission, loaded in one statement: who may see
 * it, how its grants reach funder policies, which policy carries the institutional title, and
 * (for the repositories answer) the repositories of its effective policies.
 *
 * @param institutionalPolicyId lowest id of the policies with the institutional title, or null
 * @param submittedDate {@code pass_submission.submitteddate}'s day, or null
 * @param metadata what was read of the submission's metadata JSON: the fields policy rules and the
 *                 compliance answer name, {@link MetadataFields#NONE} when loaded without rules
 */
public record SubmissionGraph(
        long id,
        Long submitterId,
        List<String> submitterAffiliations,
        Set<Long> preparerIds,
        List<FunderRoute> funderRoutes,
        Long institutionalPolicyId,
        List<EffectiveRepository> effectiveRepositories,
        LocalDate submittedDate,
        MetadataFields metadata) {

    /** Without what only policy rules read. */
    public SubmissionGraph(long id, Long submitterId, List<String> submitterAffiliations, Set<Long> preparerIds,
                           List<FunderRoute> funderRoutes, Long institutionalPolicyId,
                           List<EffectiveRepository> effectiveRepositories) {
        this(id, submitterId, submitterAffiliations, preparerIds, funderRoutes, institutionalPolicyId,
                effectiveRepositories, null, MetadataFields.NONE);
    }

    /** With every top-level text field of the metadata text read: a graph built by hand, whatever its rules read. */
    public SubmissionGraph(long id, Long submitterId, List<String> submitterAffiliations, Set<Long> preparerIds,
                           List<FunderRoute> funderRoutes, Long institutionalPolicyId,
                           List<EffectiveRepository> effectiveRepositories, String metadata, LocalDate submittedDate) {
        this(id, submitterId, submitterAffiliations, preparerIds, funderRoutes, institutionalPolicyId,
                effectiveRepositories, submittedDate, MetadataFields.readAll(metadata));
    }

    /**
     * A grant's primary or direct funder; {@code policyId} ({@code Funder.policy}) is null only when
     * policy rules are in use, which may give such a funder a policy; {@code grantEnd},
     * {@code awarded} and {@code started} are the days of {@code pass_grant.enddate},
     * {@code awarddate} and {@code startdate}, or null.
     */
    public record FunderRoute(long grantId, long funderId, String role, Long policyId, LocalDate grantEnd,
                              LocalDate awarded, LocalDate started) implements RuleEvaluation.Grant {

        /** Of a grant whose award and start dates are not known. */
        public FunderRoute(long grantId, long funderId, String role, Long policyId, LocalDate grantEnd) {
            this(grantId, funderId, role, policyId, grantEnd, null, null);
        }

        /** A funder with a policy, of a grant without an end date. */
        public FunderRoute(long grantId, long funderId, String role, long policyId) {
            this(grantId, funderId, role, Long.valueOf(policyId), null);
        }
    }

    /**
     * One repository of one effective policy; {@code repositoryId} is null for a policy without
     * repositories, {@code institutional} says the repository's name is the institutional one.
     */
    public record EffectiveRepository(long policyId, Long repositoryId, boolean institutional) {
    }
}
