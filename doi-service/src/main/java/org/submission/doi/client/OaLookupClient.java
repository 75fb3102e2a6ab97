package org.submission.doi.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.logging.Log;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.model.Doi;

/** The open-access lookup service (Unpaywall): where open copies of an article are. */
@ApplicationScoped
public class OaLookupClient {

    public static final String NAME = "Unpaywall";

    private final OaLookupApi api;
    private final UpstreamCall call;
    private final String email;

    public OaLookupClient(@RestClient OaLookupApi api, DoiSettings settings, ObjectMapper mapper,
            CircuitBreakerMaintenance circuits) {
        this.api = api;
        this.call = new UpstreamCall(NAME, "doi-oa-lookup", settings.upstream(), mapper, circuits);
        this.email = settings.mailto().orElse(null);
        if (email == null) {
            Log.warn("DOI_SERVICE_MAILTO is not set: the lookup service expects an email parameter and may refuse requests");
        }
    }

    /** The lookup record, or empty when the service does not know the DOI (its 404). */
    public Uni<Optional<ObjectNode>> record(Doi doi) {
        return call.fetch(() -> api.record(doi.pathEncoded(), email))
                .map(Optional::of)
                .onFailure(UpstreamAnswers::notFound).recoverWithItem(Optional.empty())
                .onFailure().transform(failure -> call.toAnswer(failure, doi));
    }

    public CircuitBreakerState circuitState() {
        return call.circuitState();
    }
}
