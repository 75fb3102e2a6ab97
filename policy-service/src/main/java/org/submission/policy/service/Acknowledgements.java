package org.submission.policy.service;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.submission.policy.repository.SubmissionGraph;
import org.submission.policy.repository.SubmissionGraph.FunderRoute;
import org.submission.policy.rules.RuleSet;

/**
 * The article's acknowledged funders ({@link AcknowledgedFunders}) from its registry record
 * ({@link RegistryReads}). A DOI service that is down, slow, refusing, or whose places are taken
 * gives no list and the reason, never a failed answer.
 */
@ApplicationScoped
public class Acknowledgements {

    /** The funders, or null with why not. */
    record Found(List<AcknowledgedFunders.Acknowledged> funders, String unavailable) {
    }

    private final RegistryReads registry;

    public Acknowledgements(RegistryReads registry) {
        this.registry = registry;
    }

    /** Whether there is anything to match: a version-2 funder table. */
    static boolean wanted(RuleSet rules) {
        return rules.funderCatalogue().active();
    }

    /**
     * @param doi valid, as the DOI service takes it
     * @param read the record as the policies' dates already read it, or null: read it now (one call per graph)
     */
    Uni<Found> of(String caller, RuleSet rules, SubmissionGraph graph, String doi, RegistryReads.Read read) {
        Set<Long> brought = graph.funderRoutes().stream().map(FunderRoute::funderId).collect(Collectors.toUnmodifiableSet());
        return (read != null ? Uni.createFrom().item(read) : registry.read(caller, graph, doi)).map(found -> found.record() == null
                ? new Found(null, found.unavailable())
                : new Found(AcknowledgedFunders.match(rules.funderCatalogue(), found.record().funders(), brought), null));
    }
}
