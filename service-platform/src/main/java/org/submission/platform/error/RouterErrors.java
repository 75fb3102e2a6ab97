package org.submission.platform.error;

import io.quarkus.logging.Log;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.submission.platform.http.PathAliases;
import org.submission.platform.http.RouteOrder;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * JSON errors for what never reaches RESTEasy: a path no route serves, and failures of the HTTP
 * layer itself (an undecodable query string, a body over the size limit, authentication
 * failures raised before a resource is chosen).
 */
@ApplicationScoped
public class RouterErrors {

    void install(@Observes Router router) {
        router.route().order(RouteOrder.FAILURES).failureHandler(RouterErrors::failure);
        // Failures raised before any route runs (an undecodable query string is one) skip the
        // failure handlers and go to the router's error handler for their status.
        for (int status : new int[] {400, 404, 405, 413, 414, 431, 500}) {
            router.errorHandler(status, RouterErrors::failure);
        }
        router.route().last().handler(ctx -> write(ctx, 404, ErrorMessages.noResource(PathAliases.requestedPath(ctx))));
    }

    private static void failure(RoutingContext ctx) {
        if (ctx.response().ended() || ctx.response().headWritten()) {
            return;
        }
        int status = ctx.statusCode();
        if (status < 400 && ctx.response().getStatusCode() >= 400) {
            status = ctx.response().getStatusCode();
        }
        Throwable failure = ctx.failure();
        if (failure instanceof io.quarkus.security.AuthenticationFailedException
                || failure instanceof io.quarkus.security.UnauthorizedException) {
            status = 401;
        } else if (failure instanceof io.quarkus.security.ForbiddenException) {
            status = 403;
        } else if ((failure instanceof IllegalArgumentException && status < 400) || malformed(ctx.request().uri())) {
            // an escape the router could not decode; when it fails matching a path, Vert.x passes
            // neither the exception nor a status
            status = 400;
        }
        if (status < 400) {
            status = 500;
        }
        if (status >= 500) {
            Log.errorf(failure, "HTTP layer failure on %s", ctx.request().path());
        }
        write(ctx, status, switch (status) {
            case 404 -> ErrorMessages.noResource(PathAliases.requestedPath(ctx));
            case 405 -> ErrorMessages.methodNotAllowed(ctx.request().method().name(), PathAliases.requestedPath(ctx));
            default -> ErrorMessages.forStatus(status);
        });
    }

    /**
     * Quarkus's root handler answers a URI that {@code java.net.URI} rejects (a malformed escape
     * such as {@code %ZZ}) with a bare 400 before any route runs, unless this JVM property is set
     * when it loads; each service's main sets it, so that the request screen answers in JSON.
     */
    public static void takeOverUriValidation() {
        System.setProperty("vertx.disableURIValidation", "true");
    }

    /** A URI {@link URI} rejects, a malformed escape such as {@code %ZZ} in particular. */
    public static boolean malformed(String uri) {
        try {
            new URI(uri);
            return false;
        } catch (URISyntaxException e) {
            return true;
        }
    }

    public static void write(RoutingContext ctx, int status, String message) {
        HttpServerResponse response = ctx.response();
        if (response.ended()) {
            return;
        }
        // nosniff again: the header route of quarkus.http.header may not have run (a path it could not match)
        response.setStatusCode(status).putHeader("Content-Type", "application/json")
                .putHeader("X-Content-Type-Options", "nosniff")
                .end(new ErrorBody(message).toJson());
    }
}
