package org.submission.policy.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class InstitutionalPolicyCheckTest {

    @Test
    void aTitleMatchingNoPolicyIsReported() {
        assertThat(InstitutionalPolicyCheck.titleProblem("Open Access", List.of())).hasValueSatisfying(message ->
                assertThat(message).contains("\"Open Access\"", "matches no policy"));
    }

    @Test
    void aTitleMatchingSeveralPoliciesNamesTheOneUsed() {
        assertThat(InstitutionalPolicyCheck.titleProblem("Open Access", List.of(7L, 9L))).hasValueSatisfying(message ->
                assertThat(message).contains("matches 2 policies [7, 9]", "lowest id, 7,"));
    }

    @Test
    void aTitleMatchingOnePolicyIsFine() {
        assertThat(InstitutionalPolicyCheck.titleProblem("Open Access", List.of(7L))).isEmpty();
    }

    @Test
    void aRepositoryNameMatchingNoneIsReported() {
        assertThat(InstitutionalPolicyCheck.repositoryProblem("Scholarship", List.of())).isPresent();
        assertThat(InstitutionalPolicyCheck.repositoryProblem("Scholarship", List.of(3L))).isEmpty();
    }
}
