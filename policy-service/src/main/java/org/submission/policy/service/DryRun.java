package org.submission.policy.service;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.submission.platform.error.ApiException;
import org.submission.platform.reload.Refusal;
import org.submission.platform.security.Caller;
import org.submission.platform.security.CallerService;
import org.submission.policy.config.PolicySettings;
import org.submission.policy.repository.SubmissionGraph;
import org.submission.policy.repository.SubmissionGraph.EffectiveRepository;
import org.submission.policy.repository.SubmissionGraphRepository;
import org.submission.policy.rules.RuleSet;
import org.submission.policy.rules.RuleSetLoader;
import org.submission.policy.rules.RulesFile;

/**
 * Replays recent submissions through the current rules and a candidate file, as the backend
 * account sees them, and lists what would change. Three statements whatever the number of
 * submissions (the candidate's names, every submission's graph, the repositories of the policies
 * the two rule sets give), plain reads outside a transaction, so it changes nothing and holds no
 * lock; parsing and comparing run on a worker thread, never an event loop. Each side's
 * repositories are those of the policies it gives, as the submitter would choose them: the
 * submission's stored effective policies are the current rules' choice, and would hide a
 * repository the candidate adds or drops.
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
                        .map(all -> choices(all, current, next)))
                .flatMap(choices -> graphs.repositoriesOf(policyIds(choices), institutionalRepositoryName)
                        .emitOn(Infrastructure.getDefaultWorkerPool())
                        .map(repositories -> compare(choices, repositories)));
    }

    /** One submission's policies under the current rules and under the candidate. */
    private record Choice(SubmissionGraph graph, List<PolicyEntry> before, List<PolicyEntry> after) {
    }

    private List<Choice> choices(List<SubmissionGraph> submissions, RuleSet current, RuleSet next) {
        return submissions.stream().map(graph -> new Choice(graph,
                PolicyRules.applicablePolicies(graph, REPLAY, institution, false, current),
                PolicyRules.applicablePolicies(graph, REPLAY, institution, false, next))).toList();
    }

    private static Set<Long> policyIds(List<Choice> choices) {
        Set<Long> ids = new TreeSet<>();
        choices.forEach(choice -> Stream.concat(choice.before().stream(), choice.after().stream())
                .forEach(entry -> ids.add(Long.parseLong(entry.id()))));
        return ids;
    }

    private static Outcome compare(List<Choice> choices, List<EffectiveRepository> repositories) {
        List<Change> changes = new ArrayList<>();
        for (Choice choice : choices) {
            // every policy's repositories: each side keeps those of the policies it gives
            RepositoryChoice repositoriesBefore = PolicyRules.repositories(repositories, choice.before(), false);
            RepositoryChoice repositoriesAfter = PolicyRules.repositories(repositories, choice.after(), false);
            if (!choice.before().equals(choice.after()) || !repositoriesBefore.equals(repositoriesAfter)) {
                changes.add(new Change(choice.graph().id(), choice.before(), choice.after(), repositoriesBefore, repositoriesAfter));
            }
        }
        return new Outcome(choices.size(), changes);
    }
}
