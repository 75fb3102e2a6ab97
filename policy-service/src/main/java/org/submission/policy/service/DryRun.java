package org.submission.policy.service;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.submission.platform.error.ApiException;
import org.submission.platform.reload.RejectedFile;
import org.submission.platform.security.Caller;
import org.submission.policy.config.PolicySettings;
import org.submission.policy.config.RulesSettings;
import org.submission.policy.repository.SubmissionGraph;
import org.submission.policy.repository.SubmissionGraph.EffectiveRepository;
import org.submission.policy.repository.SubmissionGraphRepository;
import org.submission.policy.rules.RuleSet;
import org.submission.policy.rules.RuleSetLoader;
import org.submission.policy.rules.RulesFile;

/**
 * Replays recent submissions through the current rules and a candidate file, as the backend
 * account sees them, and lists what would change. Plain reads outside a transaction, so it changes
 * nothing and holds no lock: the candidate's names, the submissions' graphs a page at a time
 * (each page at most {@code POLICY_RULES_DRY_RUN_PAGE_BYTES} of metadata text, of which only the
 * fields the two rule sets read are kept), the repositories of the policies the two give. What it
 * holds at once is one page and each submission's two answers; one dry run runs per pod at a time,
 * another is refused with a 429 meanwhile. Parsing and comparing run on a worker thread, never an
 * event loop. Each side's repositories are those of the policies it gives, as the submitter would
 * choose them: the submission's stored effective policies are the current rules' choice, and would
 * hide a repository the candidate adds or drops.
 */
@ApplicationScoped
public class DryRun {

    public static final int DEFAULT_DAYS = 90;
    public static final int DEFAULT_LIMIT = 1_000;
    public static final int MAX_LIMIT = 10_000;
    private static final int RETRY_AFTER_SECONDS = 5;
    private static final Caller REPLAY = new Caller("dry run", true, null, Set.of(), Set.of());

    /** One submission whose answers differ. */
    public record Change(long submission, List<PolicyEntry> policiesBefore, List<PolicyEntry> policiesAfter,
                         RepositoryChoice repositoriesBefore, RepositoryChoice repositoriesAfter) {
    }

    public record Outcome(int submissions, List<Change> changes) {
    }

    private final SubmissionGraphRepository graphs;
    private final RuleSetLoader loader;
    private final RulesFile rules;
    private final String institution;
    private final String institutionalTitle;
    private final String institutionalRepositoryName;
    private final long pageBytes;
    private final AtomicBoolean running = new AtomicBoolean();

    public DryRun(SubmissionGraphRepository graphs, RuleSetLoader loader, RulesFile rules, PolicySettings settings,
                  RulesSettings rulesSettings) {
        this.graphs = graphs;
        this.loader = loader;
        this.rules = rules;
        this.institution = settings.activeInstitution().orElse(null);
        this.institutionalTitle = institution == null ? null : settings.institutionalPolicyTitle().orElse(null);
        this.institutionalRepositoryName = settings.institutionalRepositoryName().filter(n -> !n.isBlank()).orElse(null);
        this.pageBytes = rulesSettings.dryRunPageBytes().asLongValue();
    }

    /** The caller's right is the resource's ({@code RulesResource}, backend accounts only), checked before the body is read. */
    public Uni<Outcome> replay(byte[] candidate, LocalDate since, int limit) {
        RuleSet current = rules.current();
        return Uni.createFrom().deferred(() -> {
            if (!running.compareAndSet(false, true)) {
                throw ApiException.tooManyRequests("Another dry run is running on this instance; one runs at a time.",
                        RETRY_AFTER_SECONDS);
            }
            return tried(candidate, current, since, limit).onTermination().invoke(() -> running.set(false));
        });
    }

    private Uni<Outcome> tried(byte[] candidate, RuleSet current, LocalDate since, int limit) {
        return loader.load(candidate).runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .onFailure(RejectedFile.class).transform(refusal -> ApiException.badRequest(
                        "The candidate rules are refused: " + ((RejectedFile) refusal).describe("the body")))
                .flatMap(next -> pages(new Replay(current, next, since.atStartOfDay(), limit), null))
                .flatMap(replay -> graphs.repositoriesOf(replay.policyIds(), institutionalRepositoryName)
                        .emitOn(Infrastructure.getDefaultWorkerPool())
                        .map(repositories -> compare(replay.choices, repositories)));
    }

    /** The pages from the one after {@code after} on, each replayed as it comes (on a worker thread) and let go. */
    private Uni<Replay> pages(Replay replay, SubmissionGraphRepository.Page after) {
        return graphs.recent(replay.since, after, replay.limit - replay.choices.size(), pageBytes, institutionalTitle,
                institutionalRepositoryName, replay.metadataFields).flatMap(page -> {
                    page.graphs().forEach(replay::add);
                    return page.more() ? pages(replay, page) : Uni.createFrom().item(replay);
                });
    }

    /** One submission's policies under the current rules and under the candidate. */
    private record Choice(long submission, List<PolicyEntry> before, List<PolicyEntry> after) {
    }

    /** A replay under way: the two rule sets, and each submission's two answers so far, newest first. */
    private final class Replay {
        final RuleSet current;
        final RuleSet next;
        final LocalDateTime since;
        final int limit;
        final Set<String> metadataFields = new HashSet<>();
        final List<Choice> choices = new ArrayList<>();

        Replay(RuleSet current, RuleSet next, LocalDateTime since, int limit) {
            this.current = current;
            this.next = next;
            this.since = since;
            this.limit = limit;
            metadataFields.addAll(current.metadataFields());
            metadataFields.addAll(next.metadataFields());
        }

        void add(SubmissionGraph graph) {
            choices.add(new Choice(graph.id(), PolicyRules.applicablePolicies(graph, REPLAY, institution, false, current),
                    PolicyRules.applicablePolicies(graph, REPLAY, institution, false, next)));
        }

        Set<Long> policyIds() {
            Set<Long> ids = new TreeSet<>();
            choices.forEach(choice -> Stream.concat(choice.before().stream(), choice.after().stream())
                    .forEach(entry -> ids.add(Long.parseLong(entry.id()))));
            return ids;
        }
    }

    private static Outcome compare(List<Choice> choices, List<EffectiveRepository> repositories) {
        List<Change> changes = new ArrayList<>();
        for (Choice choice : choices) {
            // every policy's repositories: each side keeps those of the policies it gives
            RepositoryChoice repositoriesBefore = PolicyRules.repositories(repositories, choice.before(), false);
            RepositoryChoice repositoriesAfter = PolicyRules.repositories(repositories, choice.after(), false);
            if (!choice.before().equals(choice.after()) || !repositoriesBefore.equals(repositoriesAfter)) {
                changes.add(new Change(choice.submission(), choice.before(), choice.after(), repositoriesBefore, repositoriesAfter));
            }
        }
        return new Outcome(choices.size(), changes);
    }
}
