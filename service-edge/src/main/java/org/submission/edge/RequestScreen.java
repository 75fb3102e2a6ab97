package org.submission.edge;

import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.submission.platform.error.ErrorMessages;
import org.submission.platform.error.RouterErrors;
import org.submission.platform.http.HttpMethods;
import org.submission.platform.http.PathAliases;
import org.submission.platform.http.RouteOrder;
import org.submission.platform.security.ProxySettings;

/**
 * Refuses, before any route runs, what no resource should see: a malformed URI (400), a request
 * line, headers or declared body over the limits (414, 431, 413, each with a JSON body where the
 * HTTP codec and the framework's body limit would answer without one), a method no service serves
 * (405 for the other methods HTTP names, 501 for an invented one, whose name is not echoed), and a
 * request repeating an identity or secret header (400): a proxy must replace such headers, never
 * append, because which copy a component reads is not defined.
 */
@ApplicationScoped
public class RequestScreen {

    private static final String ALLOW = "GET, HEAD, POST, OPTIONS";

    private final RequestLimits limits;
    private final long maxBodySize;
    private final List<String> identityHeaders;

    public RequestScreen(RequestLimits limits, ProxySettings proxy,
                         @ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize maxBodySize) {
        this.limits = limits;
        this.maxBodySize = maxBodySize.asLongValue();
        this.identityHeaders = List.of("Authorization", proxy.userHeader(), proxy.affiliationHeader(), proxy.secretHeader());
    }

    void install(@Observes Router router) {
        router.route().order(RouteOrder.SCREEN).handler(this::screen);
    }

    private void screen(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        String method = request.method().name();
        if (!HttpMethods.SERVED.contains(method)) {
            refuse(ctx, method);
            return;
        }
        if (PathAliases.rerouted(ctx)) {
            ctx.next();
            return;
        }
        if (RouterErrors.malformed(request.uri())) {
            RouterErrors.write(ctx, 400, ErrorMessages.forStatus(400));
            return;
        }
        if (request.uri().length() > limits.maxUriLength()) {
            RouterErrors.write(ctx, 414, ErrorMessages.forStatus(414));
            return;
        }
        if (size(request.headers()) > limits.maxHeaderSize()) {
            RouterErrors.write(ctx, 431, ErrorMessages.forStatus(431));
            return;
        }
        if (declaredBodySize(request) > maxBodySize) {
            // answered before the body is read; the connection closes, the body goes unread
            ClosingRefusal.write(ctx, 413, ErrorMessages.forStatus(413));
            return;
        }
        for (String name : identityHeaders) {
            if (request.headers().getAll(name).size() > 1) {
                RouterErrors.write(ctx, 400, "Header " + name + " appears more than once: send it once.");
                return;
            }
        }
        ctx.next();
    }

    private static void refuse(RoutingContext ctx, String method) {
        ctx.response().putHeader("Allow", ALLOW);
        if (HttpMethods.NAMED.contains(method)) {
            RouterErrors.write(ctx, 405, ErrorMessages.methodNotAllowed(method, ctx.request().path()));
        } else {
            RouterErrors.write(ctx, 501, ErrorMessages.forStatus(501));
        }
    }

    private static long declaredBodySize(HttpServerRequest request) {
        try {
            String length = request.getHeader("Content-Length");
            return length == null ? 0 : Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static int size(MultiMap headers) {
        int size = 0;
        for (Map.Entry<String, String> header : headers) {
            size += header.getKey().getBytes(StandardCharsets.UTF_8).length
                    + header.getValue().getBytes(StandardCharsets.UTF_8).length;
        }
        return size;
    }
}
