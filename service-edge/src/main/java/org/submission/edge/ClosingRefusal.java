package org.submission.edge;

import io.vertx.ext.web.RoutingContext;
import org.submission.platform.error.RouterErrors;

/**
 * A refusal that ends its connection: a JSON error, then the service closes the connection itself
 * once the answer is written. Vert.x keeps an HTTP/1.1 connection open unless the request asked to
 * close it, whatever the answer's {@code Connection} header says, so a refused client that did not
 * close kept its connection and its slot (and, refused before its body, could send the body after all).
 * Upstream: none filed; {@code HttpServerResponse.close()} is deprecated
 * (https://github.com/eclipse-vertx/vert.x/pull/4807) and gone in Vert.x 5, where the connection's own close replaces it.
 */
final class ClosingRefusal {

    private ClosingRefusal() {
    }

    /** A refusal worth retrying shortly: {@code Retry-After: 1}. */
    static void busy(RoutingContext ctx, int status, String message) {
        ctx.response().putHeader("Retry-After", "1");
        write(ctx, status, message);
    }

    static void write(RoutingContext ctx, int status, String message) {
        ctx.response().putHeader("Connection", "close");
        RouterErrors.write(ctx, status, message);
        // after the answer: the connection closes once what was queued has been written
        ctx.response().close();
    }
}
