package org.submission.platform.http;

import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;
import org.submission.platform.error.RouterErrors;

/**
 * A refusal that ends its connection: a JSON error with {@code Retry-After}, then the service
 * closes the connection itself once the answer is written. Vert.x keeps an HTTP/1.1 connection
 * open unless the request asked to close it, whatever the answer's {@code Connection} header says,
 * so a refused client that did not close kept its connection and its slot.
 */
final class ClosingRefusal {

    private ClosingRefusal() {
    }

    static void write(RoutingContext ctx, int status, String message) {
        boolean http2 = ctx.request().version() == HttpVersion.HTTP_2;
        if (!http2) {
            ctx.response().putHeader("Connection", "close");
        }
        ctx.response().putHeader("Retry-After", "1");
        RouterErrors.write(ctx, status, message);
        if (http2) {
            ctx.request().connection().shutdown();
        } else {
            // after the answer: the connection closes once what was queued has been written
            ctx.response().close();
        }
    }
}
