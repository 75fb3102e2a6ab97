package org.submission.platform.http;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.Optional;
import org.submission.platform.error.RouterErrors;

/**
 * Serves an alias path ({@code /schema/...}, {@code /policy-service/...}) by the resource of its
 * canonical path: the request is rerouted with the same method, query string and body, so every
 * later step (authentication, the XSRF check, the resource) sees one request to the canonical
 * path and a service has one resource class per interface. Error messages still name the path
 * the caller sent ({@link #requestedPath}).
 */
@ApplicationScoped
public class PathAliases {

    private static final String REQUESTED_PATH = "submission.requested-path";

    private final Map<String, String> aliases;

    public PathAliases(PathAliasSettings settings) {
        this.aliases = Map.copyOf(settings.pathAliases());
    }

    void install(@Observes Router router) {
        if (!aliases.isEmpty()) {
            router.route().order(RouteOrder.ALIAS).handler(this::reroute);
        }
    }

    /** The path of the request as the caller sent it, before an alias was rerouted. */
    public static String requestedPath(RoutingContext ctx) {
        String requested = ctx.get(REQUESTED_PATH);
        return requested != null ? requested : ctx.request().path();
    }

    /** Whether this request was rerouted from an alias: it already went through the steps before this one. */
    public static boolean rerouted(RoutingContext ctx) {
        return ctx.get(REQUESTED_PATH) != null;
    }

    private void reroute(RoutingContext ctx) {
        Optional<String> canonical = rerouted(ctx) || RouterErrors.malformed(ctx.request().uri())
                ? Optional.empty() : canonical(ctx.normalizedPath());
        if (canonical.isEmpty()) {
            ctx.next();
            return;
        }
        ctx.put(REQUESTED_PATH, ctx.request().path());
        String query = ctx.request().query();
        ctx.reroute(query == null ? canonical.get() : canonical.get() + "?" + query);
    }

    /** The canonical form of a path whose first segment (up to {@code /}, {@code ;} or its end) is an alias. */
    Optional<String> canonical(String path) {
        int end = 1;
        while (end < path.length() && path.charAt(end) != '/' && path.charAt(end) != ';') {
            end++;
        }
        String target = path.isEmpty() ? null : aliases.get(path.substring(1, end));
        return target == null ? Optional.empty() : Optional.of("/" + target + path.substring(end));
    }
}
