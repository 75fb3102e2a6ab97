package org.submission.doi.upstream;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.opentelemetry.api.OpenTelemetry;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.html.SafeHtml;
import org.submission.doi.metrics.DoiMetrics;
import org.submission.doi.model.Doi;
import org.submission.platform.error.ApiException;

/**
 * The scholarly-metadata registry (Crossref): the whole work record for a DOI,
 * {@code GET {REGISTRY_BASEURI}{doi}?mailto={DOI_SERVICE_MAILTO}}. Crossref asks for the contact
 * address in the User-Agent and as {@code mailto}; a Metadata Plus token, when configured, goes in
 * {@code Crossref-Plus-API-Token}.
 */
@ApplicationScoped
public class RegistryClient {

    public static final String NAME = "Crossref";
    /** ISSNs read of a work ({@code ISSN}, {@code issn-type}): a journal has a handful, and each costs a lock. */
    public static final int MAX_ISSNS = 8;
    /** Authors read of a work: the largest collaborations sign about 5,000 names. */
    public static final int MAX_AUTHORS = 10_000;
    static final Map<String, Integer> CAPS = Map.of("ISSN", MAX_ISSNS, "issn-type", MAX_ISSNS, "author", MAX_AUTHORS);
    /** What is rewritten as a work is copied: an abstract with markup becomes safe HTML, once, before it is cached. */
    static final Map<String, UnaryOperator<String>> REWRITES = Map.of("abstract", SafeHtml::abstractOf);

    private final UpstreamHttp http;
    private final UpstreamCall call;
    private final UpstreamBody body;
    private final UpstreamPace pace;
    /** The query string, empty without an address. */
    private final String query;

    public RegistryClient(Vertx vertx, DoiSettings settings, ObjectMapper mapper, CircuitBreakerMaintenance circuits,
            DoiMetrics metrics, CpuWork cpu, OpenTelemetry telemetry) {
        Map<String, String> headers = settings.crossrefPlusToken()
                .map(token -> Map.of("Crossref-Plus-API-Token", "Bearer " + token)).orElse(Map.of());
        this.pace = UpstreamPace.of(NAME, settings.upstream(), metrics);
        this.http = new UpstreamHttp(vertx, settings.registry().baseUri(), settings, pace, headers,
                new UpstreamSpans(telemetry, NAME, settings.upstream().propagateTrace()));
        this.call = new UpstreamCall(NAME, "doi-registry", settings.upstream(), circuits, metrics);
        this.body = new UpstreamBody(mapper, CAPS, cpu);
        this.query = settings.mailto().map(mail -> "?mailto=" + URLEncoder.encode(mail, StandardCharsets.UTF_8)).orElse("");
    }

    /**
     * The registry's answer as JSON text, its lists cut to their caps, its strings storable and its
     * abstract safe HTML ({@link #REWRITES}), or empty when it does not know the DOI (its 404); other
     * failures are an {@link ApiException} carrying the answer status.
     */
    public Uni<Optional<String>> work(Doi doi, UpstreamTurns turns) {
        return call.lookUp(doi, turns, () -> http.get(doi.pathEncoded() + query, turns), answer -> body.text(answer, REWRITES));
    }

    public CircuitBreakerState circuitState() {
        return call.circuitState();
    }

    public UpstreamPace pace() {
        return pace;
    }
}
