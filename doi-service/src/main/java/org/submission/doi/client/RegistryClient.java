package org.submission.doi.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.model.Doi;
import org.submission.shared.error.ApiException;

/** The scholarly-metadata registry (Crossref): the whole work record for a DOI. */
@ApplicationScoped
public class RegistryClient {

    public static final String NAME = "Crossref";

    private final RegistryApi api;
    private final UpstreamCall call;

    public RegistryClient(@RestClient RegistryApi api, DoiSettings settings, ObjectMapper mapper,
            CircuitBreakerMaintenance circuits) {
        this.api = api;
        this.call = new UpstreamCall(NAME, "doi-registry", settings.upstream(), mapper, circuits);
    }

    /** The registry's answer; fails with an {@link ApiException} carrying the answer status. */
    public Uni<ObjectNode> work(Doi doi) {
        return call.fetch(() -> api.work(doi.pathEncoded()))
                .onFailure().transform(failure -> UpstreamAnswers.notFound(failure)
                        ? ApiException.notFound("The resource for DOI " + doi + " could not be found on " + NAME + ".")
                        : call.toAnswer(failure, doi));
    }

    public CircuitBreakerState circuitState() {
        return call.circuitState();
    }
}
