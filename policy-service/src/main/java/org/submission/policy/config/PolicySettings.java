package org.submission.policy.config;

import io.smallrye.config.ConfigMapping;
import java.util.Optional;

/**
 * {@code SERVICE_POLICY_INSTITUTION}, {@code SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE},
 * {@code SERVICE_POLICY_INSTITUTIONAL_REPOSITORY_NAME}. Each may be unset: without an institution
 * or a title there is no institutional policy, without a repository name no repository is
 * treated as the institution's.
 */
@ConfigMapping(prefix = "service.policy")
public interface PolicySettings {

    /** The institution value of {@code pass_user.affiliation}, e.g. {@code example.edu}. */
    Optional<String> institution();

    /** {@code pass_policy.title} of the institution's policy. */
    Optional<String> institutionalPolicyTitle();

    /** {@code pass_repository.name} of the institution's repository. */
    Optional<String> institutionalRepositoryName();

    /** The institution, when the institutional policy can apply at all (institution and title both set). */
    default Optional<String> activeInstitution() {
        return institution().map(String::trim).filter(i -> !i.isEmpty())
                .filter(i -> institutionalPolicyTitle().filter(t -> !t.isBlank()).isPresent());
    }
}
