package org.submission.deploy.gateway;

import io.vertx.core.http.HttpServerRequest;
import java.net.URI;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/** Which service serves which path prefix: the same table as the Kubernetes ingress. */
public final class RouteTable {

    public static final String SCHEMA = "schema-service";
    public static final String POLICY = "policy-service";
    public static final String DOI = "doi-service";

    /** Prefix → service, in the order of deploy/k8s/base/ingress.yaml. */
    public static final List<Map.Entry<String, String>> PREFIXES = List.of(
            Map.entry("/schemaservice", SCHEMA),
            Map.entry("/schema", SCHEMA),
            Map.entry("/policy", POLICY),
            Map.entry("/policy-service", POLICY),
            Map.entry("/doi", DOI));

    /**
     * Encoded dots, slashes or backslashes would let a path escape its prefix once the service
     * decodes it; a '%' not followed by two hex digits is no escape at all.
     */
    private static final Pattern HIDDEN_OR_MALFORMED = Pattern.compile("%2e|%2f|%5c|\\\\|%(?![0-9a-f]{2})");

    /**
     * A path prefix served by one service. Matching is by whole path segments, as the ingress's
     * {@code Prefix} path type does: {@code /schema} serves {@code /schema/x}, never {@code /schemaservice}.
     */
    public record Route(String prefix, String service, Replicas replicas) {

        public boolean matches(String path) {
            return path.equals(prefix) || path.startsWith(prefix + "/");
        }
    }

    private final List<Route> routes;

    private RouteTable(List<Route> routes) {
        // longest prefix first, so that a longer prefix always wins over a shorter one
        this.routes = routes.stream().sorted(Comparator.comparingInt((Route r) -> r.prefix().length()).reversed()).toList();
    }

    /** The standard table, with each service's base address (e.g. {@code http://127.0.0.1:8081}). */
    public static RouteTable of(Map<String, URI> serviceTargets) {
        Map<String, List<URI>> single = new HashMap<>();
        serviceTargets.forEach((service, target) -> single.put(service, List.of(target)));
        return ofReplicas(single);
    }

    /** The standard table, with the base addresses of each service's replicas. */
    public static RouteTable ofReplicas(Map<String, List<URI>> serviceReplicas) {
        Map<String, Replicas> replicas = new HashMap<>();
        serviceReplicas.forEach((service, targets) -> replicas.put(service, new Replicas(targets)));
        return new RouteTable(PREFIXES.stream().map(e -> new Route(e.getKey(), e.getValue(),
                Objects.requireNonNull(replicas.get(e.getValue()), "no address for " + e.getValue()))).toList());
    }

    /** Each service's replicas, once. */
    Collection<Replicas> allReplicas() {
        return routes.stream().map(Route::replicas).distinct().toList();
    }

    public Optional<Route> match(String path) {
        return routes.stream().filter(r -> r.matches(path)).findFirst();
    }

    /** The route of a request, by its path with dot segments resolved. */
    Optional<Route> routeOf(HttpServerRequest request) {
        return normalizedPath(request).flatMap(this::match);
    }

    /** The request's raw path with {@code .} and {@code ..} segments resolved; empty when it hides segments or is malformed. */
    static Optional<String> normalizedPath(HttpServerRequest request) {
        String raw = request.path();
        if (raw == null || !raw.startsWith("/") || HIDDEN_OR_MALFORMED.matcher(raw.toLowerCase(Locale.ROOT)).find()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new URI(raw).normalize().getRawPath());
        } catch (java.net.URISyntaxException e) {
            return Optional.empty();
        }
    }
}
