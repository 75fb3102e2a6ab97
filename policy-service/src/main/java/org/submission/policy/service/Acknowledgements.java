package org.submission.policy.service;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.submission.platform.error.ApiException;
import org.submission.policy.doi.DoiServiceClient;
import org.submission.policy.repository.SubmissionGraph;
import org.submission.policy.repository.SubmissionGraph.FunderRoute;
import org.submission.policy.rules.RuleSet;

/**
 * The article's acknowledged funders ({@link AcknowledgedFunders}) read through the DOI service's
 * registry record, in the caller's share of its calls. A DOI service that is down, slow, refusing,
 * or whose places are taken gives no list and the reason, never a failed answer.
 */
@ApplicationScoped
public class Acknowledgements {

    /** The funders, or null with why not. */
    record Found(List<AcknowledgedFunders.Acknowledged> funders, String unavailable) {
    }

    private final DoiServiceClient doiService;

    public Acknowledgements(DoiServiceClient doiService) {
        this.doiService = doiService;
    }

    /** Whether there is anything to match: a version-2 funder table. */
    static boolean wanted(RuleSet rules) {
        return rules.funderCatalogue().active();
    }

    /** @param doi valid, as the DOI service takes it */
    Uni<Found> of(String caller, RuleSet rules, SubmissionGraph graph, String doi) {
        Set<Long> brought = graph.funderRoutes().stream().map(FunderRoute::funderId).collect(Collectors.toUnmodifiableSet());
        return doiService.registry(caller, doi)
                .map(found -> new Found(AcknowledgedFunders.match(rules.funderCatalogue(), found.funders(), brought), null))
                .onFailure(failure -> failure instanceof DoiServiceClient.Unavailable || failure instanceof ApiException)
                .recoverWithItem(failure -> new Found(null, failure.getMessage()));
    }
}
