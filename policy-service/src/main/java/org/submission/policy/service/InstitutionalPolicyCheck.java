package org.submission.policy.service;

import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.Optional;
import org.submission.policy.config.PolicySettings;
import org.submission.policy.repository.SubmissionGraphRepository;

/**
 * Says once, at start, when the institutional settings do not fit the data (a title matching no
 * policy or several, a repository name matching none), so an operator sees the misconfiguration
 * in the log. It never fails the start or the readiness check: the answers stay defined (no
 * institutional policy, or the lowest id). Runs after the seed loaders, asynchronously.
 */
@ApplicationScoped
public class InstitutionalPolicyCheck {

    private final PolicySettings settings;
    private final SubmissionGraphRepository graphs;

    public InstitutionalPolicyCheck(PolicySettings settings, SubmissionGraphRepository graphs) {
        this.settings = settings;
        this.graphs = graphs;
    }

    void onStart(@Observes @Priority(jakarta.interceptor.Interceptor.Priority.PLATFORM_AFTER + 1000) StartupEvent event) {
        Optional<String> institution = settings.activeInstitution();
        if (institution.isEmpty()) {
            Log.infof("No institutional policy: SERVICE_POLICY_INSTITUTION and SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE"
                    + " must both be set for one");
            return;
        }
        String title = settings.institutionalPolicyTitle().orElseThrow();
        graphs.policyIdsTitled(title).subscribe().with(
                ids -> titleProblem(title, ids).ifPresentOrElse(Log::warn,
                        () -> Log.infof("Institutional policy of %s: policy %d", institution.get(), ids.get(0))),
                failure -> Log.warnf("Could not check SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE at start: %s",
                        failure.getMessage()));
        settings.institutionalRepositoryName().filter(name -> !name.isBlank()).ifPresent(name ->
                graphs.repositoryIdsNamed(name).subscribe().with(
                        ids -> repositoryProblem(name, ids).ifPresent(Log::warn),
                        failure -> Log.warnf("Could not check SERVICE_POLICY_INSTITUTIONAL_REPOSITORY_NAME at start: %s",
                                failure.getMessage())));
    }

    static Optional<String> titleProblem(String title, List<Long> ids) {
        if (ids.isEmpty()) {
            return Optional.of("SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE \"" + title
                    + "\" matches no policy: no institutional policy will be reported");
        }
        if (ids.size() > 1) {
            return Optional.of("SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE \"" + title + "\" matches " + ids.size()
                    + " policies " + ids + ": the lowest id, " + ids.get(0) + ", is the institutional policy");
        }
        return Optional.empty();
    }

    static Optional<String> repositoryProblem(String name, List<Long> ids) {
        return ids.isEmpty()
                ? Optional.of("SERVICE_POLICY_INSTITUTIONAL_REPOSITORY_NAME \"" + name + "\" matches no repository")
                : Optional.empty();
    }
}
