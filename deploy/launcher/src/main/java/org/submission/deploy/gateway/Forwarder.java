package org.submission.deploy.gateway;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Forwards one request to the service its path belongs to, streaming the body both ways and
 * passing every end-to-end header (cookies, XSRF token, credentials, identity headers)
 * unchanged. The gateway's own answers are JSON: 404 for a path no service serves, 502 when the
 * service cannot be reached, 504 when it does not answer in time.
 */
final class Forwarder implements HttpHandler {

    private static final Logger LOG = Logger.getLogger(Forwarder.class.getName());

    /** Hop-by-hop headers (RFC 9110 7.6.1) and the ones the HTTP client sets itself. */
    private static final Set<String> NOT_FORWARDED = Set.of("connection", "keep-alive", "proxy-connection",
            "transfer-encoding", "te", "trailer", "upgrade", "host", "content-length", "expect", "http2-settings");
    private static final Set<String> NOT_RETURNED = Set.of("connection", "keep-alive", "proxy-connection",
            "transfer-encoding", "te", "trailer", "upgrade", "content-length", "date");

    private final RouteTable routes;
    private final HttpClient client;
    private final Duration answerTimeout;

    Forwarder(RouteTable routes, HttpClient client, Duration answerTimeout) {
        this.routes = routes;
        this.client = client;
        this.answerTimeout = answerTimeout;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try {
            forward(exchange);
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.FINE, "request failed", e);
            exchange.close();
        }
    }

    private void forward(HttpExchange exchange) throws IOException {
        String rawPath = exchange.getRequestURI().getRawPath();
        if (rawPath == null || !rawPath.startsWith("/") || hidesSegments(rawPath)) {
            JsonError.send(exchange, 400, "Malformed request path.");
            return;
        }
        String path = URI.create(rawPath).normalize().getRawPath();
        Optional<Route> route = routes.match(path);
        if (route.isEmpty()) {
            JsonError.send(exchange, 404, "No service at " + path
                    + " (the gateway serves /schemaservice, /schema, /policy, /policy-service and /doi).");
            return;
        }
        Route target = route.get();
        String query = exchange.getRequestURI().getRawQuery();
        URI uri = URI.create(target.target() + path + (query == null ? "" : "?" + query));
        HttpResponse<InputStream> answer;
        try {
            answer = client.send(request(exchange, uri), HttpResponse.BodyHandlers.ofInputStream());
        } catch (HttpConnectTimeoutException | ConnectException e) {
            JsonError.send(exchange, 502, "The " + target.service() + " is not reachable; is it running?");
            return;
        } catch (HttpTimeoutException e) {
            JsonError.send(exchange, 504, "The " + target.service() + " did not answer in time.");
            return;
        } catch (IOException e) {
            JsonError.send(exchange, 502, "The " + target.service() + " closed the connection without an answer.");
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            JsonError.send(exchange, 503, "The gateway is stopping.");
            return;
        }
        relay(exchange, answer);
    }

    /** Encoded dots or slashes would let a path escape its prefix once the service decodes it. */
    private static boolean hidesSegments(String rawPath) {
        String lower = rawPath.toLowerCase(Locale.ROOT);
        return lower.contains("%2e") || lower.contains("%2f") || lower.contains("%5c") || lower.contains("\\");
    }

    private HttpRequest request(HttpExchange exchange, URI uri) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(answerTimeout);
        for (Map.Entry<String, List<String>> header : exchange.getRequestHeaders().entrySet()) {
            String name = header.getKey().toLowerCase(Locale.ROOT);
            if (!NOT_FORWARDED.contains(name) && !name.startsWith("x-forwarded-")) {
                header.getValue().forEach(value -> request.header(header.getKey(), value));
            }
        }
        String host = exchange.getRequestHeaders().getFirst("Host");
        if (host != null) {
            request.header("X-Forwarded-Host", host);
        }
        request.header("X-Forwarded-Proto", "http");
        request.header("X-Forwarded-For", exchange.getRemoteAddress().getAddress().getHostAddress());
        return request.method(exchange.getRequestMethod(), body(exchange)).build();
    }

    private static HttpRequest.BodyPublisher body(HttpExchange exchange) {
        String length = exchange.getRequestHeaders().getFirst("Content-Length");
        boolean chunked = exchange.getRequestHeaders().containsKey("Transfer-Encoding");
        if (!chunked && (length == null || length.trim().equals("0"))) {
            return HttpRequest.BodyPublishers.noBody();
        }
        HttpRequest.BodyPublisher stream = HttpRequest.BodyPublishers.ofInputStream(exchange::getRequestBody);
        return chunked ? stream : HttpRequest.BodyPublishers.fromPublisher(stream, Long.parseLong(length.trim()));
    }

    private static void relay(HttpExchange exchange, HttpResponse<InputStream> answer) throws IOException {
        answer.headers().map().forEach((name, values) -> {
            if (!NOT_RETURNED.contains(name.toLowerCase(Locale.ROOT)) && !name.startsWith(":")) {
                values.forEach(value -> exchange.getResponseHeaders().add(name, value));
            }
        });
        int status = answer.statusCode();
        boolean noBody = "HEAD".equalsIgnoreCase(exchange.getRequestMethod()) || status == 204 || status == 304
                || status < 200;
        long length = answer.headers().firstValueAsLong("Content-Length").orElse(-1);
        try (InputStream in = answer.body()) {
            if (noBody || length == 0) {
                exchange.sendResponseHeaders(status, -1);
                return;
            }
            // a known length is kept; otherwise the answer is streamed chunk by chunk as it comes
            exchange.sendResponseHeaders(status, Math.max(length, 0));
            try (OutputStream out = exchange.getResponseBody()) {
                byte[] buffer = new byte[16 * 1024];
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            }
        } finally {
            exchange.close();
        }
    }
}
