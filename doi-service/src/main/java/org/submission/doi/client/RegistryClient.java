package org.submission.doi.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.model.Doi;
import org.submission.platform.error.ApiException;

/** The scholarly-metadata registry (Crossref): the whole work record for a DOI, {@code GET {REGISTRY_BASEURI}{doi}}. */
@ApplicationScoped
public class RegistryClient {

    public static final String NAME = "Crossref";

    private final UpstreamHttp http;
    private final UpstreamCall call;

    public RegistryClient(Vertx vertx, DoiSettings settings, ObjectMapper mapper, CircuitBreakerMaintenance circuits,
            CpuWork cpu) {
        this.http = new UpstreamHttp(vertx, settings.registry().baseUri(), settings);
        this.call = new UpstreamCall(NAME, "doi-registry", settings.upstream(), mapper, circuits, cpu);
    }

    /** The registry's answer; fails with an {@link ApiException} carrying the answer status. */
    public Uni<ObjectNode> work(Doi doi) {
        return call.fetch(() -> http.get(doi.pathEncoded()))
                .onFailure().transform(failure -> UpstreamAnswers.notFound(failure)
                        ? ApiException.notFound("The resource for DOI " + doi + " could not be found on " + NAME + ".")
                        : call.toAnswer(failure, doi));
    }

    public CircuitBreakerState circuitState() {
        return call.circuitState();
    }
}
