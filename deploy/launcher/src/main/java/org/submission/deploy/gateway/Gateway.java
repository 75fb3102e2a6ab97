package org.submission.deploy.gateway;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.RequestOptions;
import io.vertx.httpproxy.HttpProxy;
import io.vertx.httpproxy.ProxyContext;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;

/**
 * The local stand-in for the Kubernetes ingress: one port, the services behind it by path
 * prefix, forwarded by the Vert.x HTTP proxy (bodies streamed both ways, every end-to-end header
 * passed). The gateway's own answers are JSON ({@link Answers}); like the front door of a PASS
 * deployment, it gives the browser an XSRF-TOKEN cookie when the request carries none. A service
 * may have several replicas ({@link Replicas}): taken in turn, a stopped one left out.
 */
public final class Gateway implements AutoCloseable {

    /** How often the gateway asks each replica whether it is ready (a stopping one leaves the turn within it). */
    public static final Duration READINESS_PERIOD = Duration.ofMillis(ReadinessChecks.PERIOD_MILLIS);

    static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(60);

    /**
     * The loopback address the gateway connects to the services from: its own, so that the services
     * can believe the gateway's X-Forwarded-For and no other local caller's. Empty where the system
     * has no loopback address but 127.0.0.1 (macOS by default): the gateway then connects from it,
     * and the services believe no one.
     */
    public static final Optional<String> SOURCE_ADDRESS = bindable("127.0.0.2");

    private final Vertx vertx;
    private final HttpServer server;
    private final String host;

    private Gateway(Vertx vertx, HttpServer server, String host) {
        this.vertx = vertx;
        this.server = server;
        this.host = host;
    }

    /** Binds {@code host:port} (port 0 = any free port) and starts serving. */
    public static Gateway start(String host, int port, RouteTable routes) throws IOException {
        return start(host, port, routes, ANSWER_TIMEOUT);
    }

    static Gateway start(String host, int port, RouteTable routes, Duration answerTimeout) throws IOException {
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(2).setWorkerPoolSize(1));
        HttpClientOptions client = new HttpClientOptions().setConnectTimeout(2_000).setMaxPoolSize(32);
        SOURCE_ADDRESS.ifPresent(client::setLocalAddress);
        HttpProxy proxy = HttpProxy.reverseProxy(vertx.createHttpClient(client));
        proxy.origin(context -> {
            RouteTable.Route route = routes.routeOf(context.request().proxiedRequest()).orElseThrow();
            return connect(context, route.replicas(), route.replicas().inTurn(), answerTimeout);
        });
        proxy.addInterceptor(new Forwarding(routes, answerTimeout));
        HttpServer server = vertx.createHttpServer(new HttpServerOptions().setHost(host).setPort(port)
                        .setHandle100ContinueAutomatically(true).setHttp2ClearTextEnabled(false))
                .invalidRequestHandler(Answers::invalidRequest)
                .requestHandler(request -> serve(request, routes, proxy));
        try {
            server.listen().toCompletionStage().toCompletableFuture().join();
        } catch (CompletionException e) {
            vertx.close();
            throw new IOException(e.getCause().getMessage(), e.getCause());
        }
        ReadinessChecks.start(vertx, routes);
        return new Gateway(vertx, server, host);
    }

    private static Optional<String> bindable(String address) {
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(address, 0));
            return Optional.of(address);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * A connection to the first replica in turn that takes one: a replica that refuses (stopped)
     * is left out of the turn and the next one tried, before any byte of the request is sent.
     */
    private static Future<HttpClientRequest> connect(ProxyContext context, Replicas replicas, List<URI> order,
                                                     Duration answerTimeout) {
        URI target = order.get(0);
        context.set(Forwarding.TARGET, target);
        return context.client().request(new RequestOptions().setHost(target.getHost()).setPort(target.getPort())
                .setIdleTimeout(answerTimeout.toMillis())).recover(failure -> {
                    if (failure instanceof ConnectException && order.size() > 1) {
                        replicas.takeOut(target);
                        return connect(context, replicas, order.subList(1, order.size()), answerTimeout);
                    }
                    return Future.failedFuture(failure);
                });
    }

    private static void serve(HttpServerRequest request, RouteTable routes, HttpProxy proxy) {
        Optional<String> path = RouteTable.normalizedPath(request);
        if (path.isEmpty()) {
            Answers.error(request, 400, "Malformed request path: encoded dots, slashes or backslashes, or a bad"
                    + " percent-escape.");
        } else if (routes.match(path.get()).isEmpty()) {
            Answers.error(request, 404, "No service at " + path.get()
                    + " (the gateway serves /schemaservice, /schema, /policy, /policy-service and /doi).");
        } else {
            proxy.handle(request);
        }
    }

    public int port() {
        return server.actualPort();
    }

    public URI baseUri() {
        return URI.create("http://" + host + ":" + port());
    }

    @Override
    public void close() {
        vertx.close().toCompletionStage().toCompletableFuture().join();
    }
}
