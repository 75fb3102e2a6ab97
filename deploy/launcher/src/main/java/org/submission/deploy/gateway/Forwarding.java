package org.submission.deploy.gateway;

import io.vertx.core.Future;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.httpproxy.ProxyContext;
import io.vertx.httpproxy.ProxyInterceptor;
import io.vertx.httpproxy.ProxyRequest;
import io.vertx.httpproxy.ProxyResponse;
import java.net.ConnectException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * What the gateway adds to the proxy: the path sent with its dot segments resolved, the
 * {@code X-Forwarded-*} headers (replacing any the client sent; {@code Expect} was answered
 * already), JSON answers for a service that
 * cannot be reached (502) or does not answer in time (504), and the XSRF-TOKEN cookie.
 */
final class Forwarding implements ProxyInterceptor {

    /** The replica a request was sent to (set by the gateway's origin, in the proxy context). */
    static final String TARGET = "submission.replica";

    private final RouteTable routes;
    private final Duration answerTimeout;

    Forwarding(RouteTable routes, Duration answerTimeout) {
        this.routes = routes;
        this.answerTimeout = answerTimeout;
    }

    @Override
    public Future<ProxyResponse> handleProxyRequest(ProxyContext context) {
        ProxyRequest request = context.request();
        HttpServerRequest incoming = request.proxiedRequest();
        RouteTable.Route route = routes.routeOf(incoming).orElseThrow();
        String query = incoming.query();
        request.setURI(RouteTable.normalizedPath(incoming).orElseThrow() + (query == null ? "" : "?" + query));
        List.copyOf(request.headers().names()).stream()
                .filter(name -> name.regionMatches(true, 0, "x-forwarded-", 0, 12) || name.equalsIgnoreCase("expect"))
                .forEach(request.headers()::remove);
        request.putHeader("X-Forwarded-For", incoming.remoteAddress().hostAddress());
        if (incoming.authority() != null) {
            request.putHeader("X-Forwarded-Host", incoming.authority().toString());
        }
        request.putHeader("X-Forwarded-Proto", incoming.scheme());
        if (resendable(incoming)) {
            request.setBody(null);   // sent as an empty request, not piped from the client: can be sent again
        }
        return send(context, route.replicas(), route.replicas().targets().size() - 1).recover(failure -> {
            ProxyResponse answer = request.response().release();
            Answers.json(answer, failure instanceof TimeoutException ? 504 : 502, "The " + route.service()
                    + (failure instanceof TimeoutException ? " did not answer within " + answerTimeout.toSeconds() + " s."
                    : failure instanceof ConnectException ? " is not reachable; is it running?"
                    : " closed the connection without an answer."));
            return Future.succeededFuture(answer);
        });
    }

    /**
     * Sends the request. A GET or HEAD that a replica refused or closed the connection on without
     * an answer is sent again to the next replica, and the replica leaves the turn, as
     * ingress-nginx's default {@code proxy_next_upstream error timeout} does. Every answer is the
     * client's, any 503 included: ingress-nginx does not send a 503 again, so a draining replica's
     * 503 reaches the client here as there, and only the services' shutdown delay (readiness down
     * while still serving) keeps a rollout free of them.
     */
    private static Future<ProxyResponse> send(ProxyContext context, Replicas replicas, int retries) {
        boolean resendable = context.request().getBody() == null;
        return context.sendRequest().transform(sent -> {
            if (sent.succeeded()) {
                return Future.succeededFuture(sent.result());
            }
            if (!resendable || retries == 0 || sent.cause() instanceof TimeoutException) {
                return Future.failedFuture(sent.cause());
            }
            replicas.takeOut(context.get(TARGET, URI.class));
            return send(context, replicas, retries - 1);
        });
    }

    /** A GET or HEAD without a body. */
    private static boolean resendable(HttpServerRequest incoming) {
        String length = incoming.getHeader("Content-Length");
        return (incoming.method() == HttpMethod.GET || incoming.method() == HttpMethod.HEAD)
                && (length == null || length.equals("0")) && incoming.getHeader("Transfer-Encoding") == null;
    }

    @Override
    public Future<Void> handleProxyResponse(ProxyContext context) {
        ProxyResponse answer = context.response();
        boolean serviceIssuedOne = answer.headers().getAll("Set-Cookie").stream()
                .anyMatch(cookie -> cookie.startsWith(Answers.XSRF_COOKIE + "="));
        if (!serviceIssuedOne) {
            Answers.xsrfCookie(context.request().proxiedRequest()).ifPresent(c -> answer.headers().add("Set-Cookie", c));
        }
        return context.sendResponse();
    }
}
