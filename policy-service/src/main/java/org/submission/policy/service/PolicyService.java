package org.submission.policy.service;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.submission.policy.config.PolicySettings;
import org.submission.policy.graphcache.GraphCache;
import org.submission.policy.repository.SubmissionGraph;
import org.submission.policy.repository.SubmissionGraphRepository;
import org.submission.policy.repository.SubmissionGraphRepository.Versioned;
import org.submission.policy.rules.RuleSet;
import org.submission.policy.rules.RulesFile;
import org.submission.platform.error.ApiException;
import org.submission.platform.security.Caller;
import org.submission.platform.security.CallerService;
import org.submission.platform.security.Roles;
import io.smallrye.mutiny.tuples.Tuple2;
import org.submission.shared.doi.DoiSyntax;

/**
 * Answers both policy questions for the calling person or account. A request costs one
 * statement for the submission (plus the caller's User lookup for a person, run concurrently),
 * and no transaction: both are single reads. A submission asked about again, unchanged in PASS,
 * costs none, or one reading only its rows' version after PASS changed: its graph is kept
 * ({@link GraphCache}) once a caller who may see it asked; who may see it is decided on every
 * request, and one who may not costs one statement, as an unknown id does.
 * A rule whose date comes from the article's registry record costs one DOI service call the first
 * time ({@link RegistryReads}), none while the graph is kept.
 */
@ApplicationScoped
public class PolicyService {

    private final CallerService callers;
    private final SubmissionGraphRepository graphs;
    private final String institution;
    private final String institutionalTitle;
    private final String institutionalRepositoryName;
    private final RulesFile rules;
    private final GraphCache kept;
    private final Acknowledgements acknowledgements;
    private final RegistryReads registry;
    private volatile FieldsOf fieldsOf = new FieldsOf(null, Set.of());

    public PolicyService(CallerService callers, SubmissionGraphRepository graphs, GraphCache kept, PolicySettings settings,
                         RulesFile rules, Acknowledgements acknowledgements, RegistryReads registry) {
        this.callers = callers;
        this.acknowledgements = acknowledgements;
        this.registry = registry;
        this.graphs = graphs;
        this.kept = kept;
        this.rules = rules;
        this.institution = settings.activeInstitution().orElse(null);
        this.institutionalTitle = institution == null ? null : settings.institutionalPolicyTitle().orElse(null);
        this.institutionalRepositoryName = settings.institutionalRepositoryName().filter(n -> !n.isBlank()).orElse(null);
    }

    /**
     * With {@code explain} under a version-2 funder table, a policy that a funder the article
     * acknowledges would get says so in its reasons; the list itself never depends on the registry.
     */
    public Uni<List<PolicyEntry>> policies(long submissionId, boolean explain) {
        return visible(submissionId).flatMap(seen -> {
            return decided(seen, () -> doiOf(seen), explain).flatMap(decided -> {
                List<PolicyEntry> entries = decided.entries();
                String doi = explain && Acknowledgements.wanted(seen.rules()) ? doiOf(seen) : null;
                if (doi == null) {
                    return Uni.createFrom().item(entries);
                }
                return acknowledgements.of(seen.caller().principal(), seen.rules(), seen.graph(), doi, decided.read())
                        .map(found -> found.funders() == null ? entries : AcknowledgedFunders.withReasons(entries, found.funders()));
            });
        });
    }

    public Uni<RepositoryChoice> repositories(long submissionId, boolean explain) {
        return visible(submissionId).flatMap(seen -> decided(seen, () -> doiOf(seen), false)
                .map(decided -> PolicyRules.repositories(seen.graph().effectiveRepositories(), decided.entries(), explain)));
    }

    /** The applicable policies with what policy rules read loaded whether rules are in use or not (the compliance answer). */
    Uni<Seen> visibleWithRules(long submissionId) {
        return visible(submissionId, true);
    }

    /**
     * The applicable policies, their registry dates read from {@code doi}'s record (valid, or null:
     * none) if a rule needs one: the DOI is looked for only then, not on every answer. Under policy
     * rules, policies the graph decided alone are kept with it, for the rules, explain and whether
     * the caller is affiliated, the only things of the caller they depend on. Without rules they are
     * worked out again each time: that costs less than keeping them, whose weight would push graphs
     * out of the cache (deploy/bench/RESULTS.md, "The catalogue's cost per answer, in one process").
     */
    Uni<RegistryReads.Decided> decided(Seen seen, Supplier<String> doi, boolean explain) {
        Variant variant = seen.rules().active()
                ? new Variant(seen.rules(), explain, PolicyRules.affiliated(seen.caller().affiliations(), institution)) : null;
        if (variant != null && kept.answer(seen.graph(), variant) instanceof RegistryReads.Decided known) {
            return Uni.createFrom().item(known);
        }
        return registry.decide(seen.caller().principal(), seen.graph(), doi, dates ->
                PolicyRules.applicablePolicies(seen.graph(), seen.caller(), institution, explain, seen.rules(), dates))
                .map(decided -> {
                    if (variant == null || !decided.graphAlone()) {
                        return decided;
                    }
                    RegistryReads.Decided shared = new RegistryReads.Decided(List.copyOf(decided.entries()), null, true);
                    kept.keepAnswer(seen.graph(), variant, shared, PolicyEntry.bytes(shared.entries()));
                    return shared;
                });
    }

    /** What, besides the graph, an answer decided by the graph alone depends on (the rules by identity: one version). */
    private record Variant(RuleSet rules, boolean explain, boolean callerAffiliated) {
    }

    /** The submission's own DOI, valid as the DOI service takes it, or null. */
    private static String doiOf(Seen seen) {
        String written = ComplianceService.doiOf(seen.graph().metadata());
        return written == null ? null : DoiSyntax.normalise(written).orElse(null);
    }

    private Uni<Seen> visible(long submissionId) {
        return visible(submissionId, false);
    }

    /** The submission as this caller may see it, with the rules of this request: one version for the whole answer. */
    private Uni<Seen> visible(long submissionId, boolean always) {
        RuleSet now = rules.current();
        boolean forRules = always || now.active();
        Set<String> fields = forRules ? metadataFields(now) : null;
        GraphCache.Reads reads = new Reads(submissionId, fields);
        return callers.identity().flatMap(identity -> {
            // a person's request waits for a read of PASS's change counter begun after it, as the PASS
            // UI asks right after its own save; a backend account's is served within the read period
            boolean throughCommits = identity == null || !identity.hasRole(Roles.BACKEND);
            // a graph kept under rules that read other metadata fields is read again, not kept
            Uni<GraphCache.Lookup> read = kept.get(submissionId, forRules, throughCommits, reads)
                    .flatMap(found -> found.graph() == null || fields == null || found.graph().metadata().covers(fields)
                            ? Uni.createFrom().item(found) : reads.graph(false).map(again -> GraphCache.Lookup.read(again.graph())));
            return decide(submissionId, now, () -> reads.graph(forRules), Uni.combine().all().unis(callers.of(identity), read).asTuple());
        });
    }

    private Uni<Seen> decide(long submissionId, RuleSet now, Supplier<Uni<Versioned>> statement,
                             Uni<Tuple2<Caller, GraphCache.Lookup>> read) {
        return read.flatMap(both -> {
            GraphCache.Lookup found = both.getItem2();
            if (found.graph() != null && PolicyRules.mayRead(both.getItem1(), found.graph())) {
                found.keep();
                return Uni.createFrom().item(new Seen(both.getItem1(), found.graph(), now));
            }
            // "not yours" answers as "does not exist": a 403 would tell anyone whose identity the proxy
            // vouches for which submission ids exist (docs/architecture.md, "What every endpoint
            // shares"); and it costs what "does not exist" costs, the graph's statement, so that the
            // time of a kept graph's answer does not tell it either
            Uni<Versioned> sameWork = found.checked() ? Uni.createFrom().nullItem() : statement.get();
            return sameWork.onItemOrFailure().transformToUni((ignored, failure) -> Uni.createFrom().failure(
                    ApiException.notFound("No submission with id " + submissionId + " that you may ask about"
                            + " (its submitter, a preparer, an administrator or a backend account).")));
        });
    }

    /**
     * The metadata fields a graph read under these rules holds: the accepted date's and, for the
     * compliance answer, the DOI's; worked out once for each version of the rules.
     */
    private Set<String> metadataFields(RuleSet rules) {
        FieldsOf known = fieldsOf;
        if (known.rules() != rules) {
            Set<String> fields = new HashSet<>(rules.metadataFields());
            fields.addAll(ComplianceService.DOI_FIELDS);
            known = new FieldsOf(rules, Set.copyOf(fields));
            fieldsOf = known;
        }
        return known.fields();
    }

    private record FieldsOf(RuleSet rules, Set<String> fields) {
    }

    /** The submission's graph as this service's settings and these rules' fields read it. */
    private final class Reads implements GraphCache.Reads {

        private final long submissionId;
        private final Set<String> fields;

        Reads(long submissionId, Set<String> fields) {
            this.submissionId = submissionId;
            this.fields = fields;
        }

        @Override
        public Uni<Versioned> graph(boolean versioned) {
            return graphs.load(submissionId, institutionalTitle, institutionalRepositoryName, fields, versioned);
        }

        @Override
        public Uni<String> version() {
            return graphs.version(submissionId, institutionalTitle);
        }
    }

    record Seen(Caller caller, SubmissionGraph graph, RuleSet rules) {
    }
}
