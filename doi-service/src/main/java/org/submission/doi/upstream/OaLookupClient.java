package org.submission.doi.upstream;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.opentelemetry.api.OpenTelemetry;
import io.quarkus.logging.Log;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.metrics.DoiMetrics;
import org.submission.doi.model.Doi;
import org.submission.platform.error.ApiException;

/**
 * The open-access lookup service (Unpaywall): where open copies of an article are,
 * {@code GET {OALOOKUP_BASEURI}{doi}?email={DOI_SERVICE_MAILTO}}. Unpaywall refuses calls without
 * an email, so without DOI_SERVICE_MAILTO none is made: every lookup answers 503 naming the variable.
 */
@ApplicationScoped
public class OaLookupClient {

    public static final String NAME = "Unpaywall";
    public static final String NO_MAILTO = "The open-access lookup (" + NAME + ") needs a contact address:"
            + " set DOI_SERVICE_MAILTO.";
    /** A setting does not change soon: clients are asked to come back in five minutes. */
    public static final int NO_MAILTO_RETRY_SECONDS = 300;
    /** Open-access locations read of a record: real records have a few, a handful of dozens at most. */
    public static final int MAX_LOCATIONS = 100;
    static final Map<String, Integer> CAPS = Map.of("oa_locations", MAX_LOCATIONS);
    /** The members of a record that are read; the rest (its authors, for one) are skipped. */
    static final Set<String> MEMBERS = Set.of("oa_locations", "oa_status", "published_date");

    private final UpstreamHttp http;
    private final UpstreamCall call;
    private final UpstreamBody body;
    private final UpstreamPace pace;
    /** The query string, empty without an address. */
    private final String query;

    public OaLookupClient(Vertx vertx, DoiSettings settings, ObjectMapper mapper, CircuitBreakerMaintenance circuits,
            DoiMetrics metrics, CpuWork cpu, OpenTelemetry telemetry) {
        this.pace = UpstreamPace.of(NAME, settings.upstream(), metrics);
        this.http = new UpstreamHttp(vertx, settings.oaLookup().baseUri(), settings, pace, Map.of(),
                new UpstreamSpans(telemetry, NAME, settings.upstream().propagateTrace()));
        this.call = new UpstreamCall(NAME, "doi-oa-lookup", settings.upstream(), circuits, metrics);
        this.body = new UpstreamBody(mapper, CAPS, cpu);
        this.query = settings.mailto().map(mail -> "?email=" + URLEncoder.encode(mail, StandardCharsets.UTF_8)).orElse("");
        if (query.isEmpty()) {
            Log.warn("DOI_SERVICE_MAILTO is not set: /doi/manuscript answers 503 (" + NAME + " needs an email on every call)");
        }
    }

    /** Whether lookups can be made at all (an address is configured). */
    public boolean configured() {
        return !query.isEmpty();
    }

    /** The lookup record's {@link #MEMBERS}, or empty when the service does not know the DOI (its 404). */
    public Uni<Optional<ObjectNode>> record(Doi doi, UpstreamTurns turns) {
        if (!configured()) {
            return Uni.createFrom().failure(ApiException.unavailable(NO_MAILTO, NO_MAILTO_RETRY_SECONDS));
        }
        return call.lookUp(doi, turns, () -> http.get(doi.pathEncoded() + query, turns), answer -> body.tree(answer, MEMBERS));
    }

    public CircuitBreakerState circuitState() {
        return call.circuitState();
    }

    public UpstreamPace pace() {
        return pace;
    }
}
