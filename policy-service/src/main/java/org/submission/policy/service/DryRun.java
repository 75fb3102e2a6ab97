package org.submission.policy.service;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.submission.platform.error.ApiException;
import org.submission.platform.reload.Refusal;
import org.submission.platform.security.Caller;
import org.submission.platform.security.CallerService;
import org.submission.policy.config.PolicySettings;
import org.submission.policy.repository.SubmissionGraph;
import org.submission.policy.repository.SubmissionGraphRepository;
import org.submission.policy.rules.RuleSet;
import org.submission.policy.rules.RuleSetLoader;
import org.submission.policy.rules.RulesFile;

/**
 * Replays recent submissions through the current rules and a candidate file, as the backend
 * account sees them, and lists what would change. Two statements whatever the number of
 * submissions (the candidate's names, then every submission's graph), plain reads outside a
 * transaction, so it changes nothing and holds no lock; parsing and comparing run on a worker
 * thread, never an event loop.
 */
@ApplicationScoped
public class DryRun {

    public static final int DEFAULT_DAYS = 90;
    public static final int DEFAULT_LIMIT = 1_000;
    public static final int MAX_LIMIT = 10_000;
    private static final Caller REPLAY = new Caller("dry run", true, null, Set.of(), Set.of());

    /** One submission whose answers differ. */
    public record Change(long submission, List<PolicyEntry> policiesBefore, List<PolicyEntry> policiesAfter,
                         RepositoryChoice repositoriesBefore, RepositoryChoice repositoriesAfter) {
    }

    public record Outcome(int submissions, List<Change> changes) {
    }

    private final CallerService callers;
    private final SubmissionGraphRepository graphs;
    private final RuleSetLoader loader;
    private final RulesFile rules;
    private final String institution;
    private final String institutionalTitle;
    private final String institutionalRepositoryName;

    public DryRun(CallerService callers, SubmissionGraphRepository graphs, RuleSetLoader loader, RulesFile rules,
                  PolicySettings settings) {
        this.callers = callers;
        this.graphs = graphs;
        this.loader = loader;
        this.rules = rules;
        this.institution = settings.activeInstitution().orElse(null);
        this.institutionalTitle = institution == null ? null : settings.institutionalPolicyTitle().orElse(null);
        this.institutionalRepositoryName = settings.institutionalRepositoryName().filter(n -> !n.isBlank()).orElse(null);
    }

    public Uni<Outcome> replay(byte[] candidate, LocalDate since, int limit) {
        RuleSet current = rules.current();
        return callers.current().flatMap(caller -> {
            if (!caller.backend()) {
                throw ApiException.forbidden("Only a backend account may try a rules file.");
            }
            return loader.load(candidate).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
        }).onFailure(Refusal.class).transform(refusal -> ApiException.badRequest(
                "The candidate rules are refused: " + ((Refusal) refusal).describe("the body")))
                .flatMap(next -> graphs.recent(since.atStartOfDay(), limit, institutionalTitle, institutionalRepositoryName)
                        .emitOn(Infrastructure.getDefaultWorkerPool())
                        .map(all -> compare(all, current, next)));
    }

    private Outcome compare(List<SubmissionGraph> submissions, RuleSet current, RuleSet next) {
        List<Change> changes = new ArrayList<>();
        for (SubmissionGraph graph : submissions) {
            List<PolicyEntry> before = PolicyRules.applicablePolicies(graph, REPLAY, institution, false, current);
            List<PolicyEntry> after = PolicyRules.applicablePolicies(graph, REPLAY, institution, false, next);
            RepositoryChoice repositoriesBefore = PolicyRules.repositories(graph, before, false);
            RepositoryChoice repositoriesAfter = PolicyRules.repositories(graph, after, false);
            if (!before.equals(after) || !repositoriesBefore.equals(repositoriesAfter)) {
                changes.add(new Change(graph.id(), before, after, repositoriesBefore, repositoriesAfter));
            }
        }
        return new Outcome(submissions.size(), changes);
    }
}
