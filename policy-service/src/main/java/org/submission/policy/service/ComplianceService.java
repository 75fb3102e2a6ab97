package org.submission.policy.service;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.submission.policy.doi.DoiServiceClient;
import org.submission.policy.doi.OpenCopies;
import org.submission.policy.repository.MetadataFields;
import org.submission.policy.repository.SubmissionGraphRepository;
import org.submission.policy.rules.RuleSet;
import org.submission.policy.rules.RuleSet.Requirement;
import org.submission.shared.doi.DoiSyntax;

/**
 * {@code /policy/compliance}: each applicable policy, what it requires, and whether an open copy
 * already on the web satisfies it ({@link Verdicts}). The copies come from the DOI service; when
 * it is down, slow or refusing, the policies that need them are undecided and the answer is still
 * a 200. Under a version-2 funder table, the article's registry funders are listed as
 * {@code acknowledged} ({@link Acknowledgements}), or null with the reason. The answer's DOI (the
 * one given, else the submission's) is the article whose registry dates the rules may read. Costs
 * the policies' statement, one more for the repositories of policies without requirements, and at
 * most two DOI service calls: the registry record first when the policies' dates need it (then
 * the acknowledged funders take the same record), else both at once.
 */
@ApplicationScoped
public class ComplianceService {

    static final String NO_DOI = "no DOI";
    static final String NOT_A_DOI = "the submission's DOI is not a valid DOI";
    /** The metadata's fields a DOI is read from, in order. */
    static final List<String> DOI_FIELDS = List.of("doi", "DOI");
    private static final OpenCopies NONE = new OpenCopies(List.of(), null);

    private final PolicyService policies;
    private final SubmissionGraphRepository graphs;
    private final DoiServiceClient doiService;
    private final Acknowledgements acknowledgements;

    public ComplianceService(PolicyService policies, SubmissionGraphRepository graphs, DoiServiceClient doiService,
                             Acknowledgements acknowledgements) {
        this.policies = policies;
        this.graphs = graphs;
        this.doiService = doiService;
        this.acknowledgements = acknowledgements;
    }

    /** @param givenDoi the DOI to look up instead of the submission's, valid ({@link DoiSyntax}), or null */
    public Uni<Map<String, Object>> compliance(long submissionId, String givenDoi) {
        return policies.visibleWithRules(submissionId).flatMap(seen -> {
            String written = givenDoi != null ? givenDoi : doiOf(seen.graph().metadata());
            // one the DOI service would refuse is never sent: the submitter's typo is not its failure
            String doi = written == null ? null : DoiSyntax.normalise(written).orElse(null);
            return policies.decided(seen, () -> doi, false).flatMap(decided -> answer(submissionId, seen, written, doi, decided));
        });
    }

    private Uni<Map<String, Object>> answer(long submissionId, PolicyService.Seen seen, String written, String doi,
                                            RegistryReads.Decided decided) {
        RuleSet rules = seen.rules();
        List<PolicyEntry> entries = decided.entries();
        String noDoi = written == null ? NO_DOI : NOT_A_DOI;
        List<Long> withoutRequirement = entries.stream().map(entry -> Long.parseLong(entry.id()))
                .filter(id -> rules.requirementOf(id) == null).toList();
        boolean needsCopies = doi != null && entries.stream()
                .anyMatch(entry -> entry.undecided() == null && rules.requirementOf(Long.parseLong(entry.id())) != null);
        Uni<Map<Long, List<Long>>> repositories = withoutRequirement.isEmpty()
                ? Uni.createFrom().item(Map.of()) : graphs.policyRepositories(withoutRequirement);
        Uni<Copies> copies = needsCopies
                ? doiService.copies(seen.caller().principal(), doi).map(found -> new Copies(found, null))
                        .onFailure(DoiServiceClient.Unavailable.class).recoverWithItem(f -> new Copies(NONE, f.getMessage()))
                : Uni.createFrom().item(new Copies(NONE, doi == null ? noDoi : null));
        boolean acknowledging = Acknowledgements.wanted(rules);
        Uni<Acknowledgements.Found> acknowledged = !acknowledging ? Uni.createFrom().nullItem()
                : doi == null ? Uni.createFrom().item(new Acknowledgements.Found(null, noDoi))
                : acknowledgements.of(seen.caller().principal(), rules, seen.graph(), doi, decided.read());
        return Uni.combine().all().unis(repositories, copies, acknowledged).asTuple().map(both -> {
            List<Map<String, Object>> verdicts = new ArrayList<>();
            for (PolicyEntry entry : entries) {
                long id = Long.parseLong(entry.id());
                Requirement requires = rules.requirementOf(id);
                PolicyEntry judged = doi == null && entry.undecided() == null
                        ? new PolicyEntry(entry.id(), entry.type(), noDoi, null) : entry;
                verdicts.add(Verdicts.verdict(judged, requires, rules.prefixes(),
                        both.getItem1().getOrDefault(id, List.of()), both.getItem2().found(), both.getItem2().unavailable()));
            }
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("submission", String.valueOf(submissionId));
            answer.put("doi", doi);
            answer.put("policies", verdicts);
            if (acknowledging) {
                Acknowledgements.Found funders = both.getItem3();
                answer.put("acknowledged", funders.funders() == null ? null : AcknowledgedFunders.answer(funders.funders()));
                if (funders.unavailable() != null) {
                    answer.put("acknowledged-unavailable", funders.unavailable());
                }
            }
            return answer;
        });
    }

    /** The DOI of the submission's metadata as the PASS UI writes it ({@code doi}), or as older records have it ({@code DOI}). */
    static String doiOf(MetadataFields metadata) {
        for (String field : DOI_FIELDS) {
            String value = metadata.text(field);
            if (value != null && !value.isBlank()) {
                return value.trim();
            }
        }
        return null;
    }

    private record Copies(OpenCopies found, String unavailable) {
    }
}
