package org.submission.deploy.gateway;

import io.vertx.core.Future;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.httpproxy.ProxyContext;
import io.vertx.httpproxy.ProxyInterceptor;
import io.vertx.httpproxy.ProxyRequest;
import io.vertx.httpproxy.ProxyResponse;
import java.net.ConnectException;
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
        return context.sendRequest().recover(failure -> {
            ProxyResponse answer = request.response().release();
            Answers.json(answer, failure instanceof TimeoutException ? 504 : 502, "The " + route.service()
                    + (failure instanceof TimeoutException ? " did not answer within " + answerTimeout.toSeconds() + " s."
                    : failure instanceof ConnectException ? " is not reachable; is it running?"
                    : " closed the connection without an answer."));
            return Future.succeededFuture(answer);
        });
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
