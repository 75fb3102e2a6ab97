package org.submission.doi.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.logging.Log;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.model.Doi;

/**
 * The open-access lookup service (Unpaywall): where open copies of an article are,
 * {@code GET {OALOOKUP_BASEURI}{doi}?email={DOI_SERVICE_MAILTO}}.
 */
@ApplicationScoped
public class OaLookupClient {

    public static final String NAME = "Unpaywall";

    private final UpstreamHttp http;
    private final UpstreamCall call;
    /** The query string, empty without an address. */
    private final String query;

    public OaLookupClient(Vertx vertx, DoiSettings settings, ObjectMapper mapper, CircuitBreakerMaintenance circuits,
            CpuWork cpu) {
        this.http = new UpstreamHttp(vertx, settings.oaLookup().baseUri(), settings);
        this.call = new UpstreamCall(NAME, "doi-oa-lookup", settings.upstream(), mapper, circuits, cpu);
        this.query = settings.mailto().map(mail -> "?email=" + URLEncoder.encode(mail, StandardCharsets.UTF_8)).orElse("");
        if (query.isEmpty()) {
            Log.warn("DOI_SERVICE_MAILTO is not set: the lookup service expects an email parameter and may refuse requests");
        }
    }

    /** The lookup record, or empty when the service does not know the DOI (its 404). */
    public Uni<Optional<ObjectNode>> record(Doi doi) {
        return call.fetch(() -> http.get(doi.pathEncoded() + query))
                .map(Optional::of)
                .onFailure(UpstreamAnswers::notFound).recoverWithItem(Optional.empty())
                .onFailure().transform(failure -> call.toAnswer(failure, doi));
    }

    public CircuitBreakerState circuitState() {
        return call.circuitState();
    }
}
