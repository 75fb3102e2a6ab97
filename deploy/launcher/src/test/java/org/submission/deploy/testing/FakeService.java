package org.submission.deploy.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stand-in service on loopback that answers every request with what it received: its own
 * name, the method, path, query, a few headers, the body length and the connection's peer address. It sets two cookies, so
 * that passing several {@code Set-Cookie} headers back can be seen; none on a path ending in
 * {@code /plain}. A path ending in {@code /slow} is answered after 3 s. Or, started by
 * {@link #unavailable}, a service that answers every request outside {@code /q/} 503 as a real one
 * does when busy or draining. Either counts the requests it received outside {@code /q/}.
 */
public final class FakeService implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpServer server;
    private final AtomicInteger requests;

    private FakeService(HttpServer server, AtomicInteger requests) {
        this.server = server;
        this.requests = requests;
    }

    public static FakeService start(String name) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        AtomicInteger requests = new AtomicInteger();
        server.createContext("/", exchange -> {
            count(exchange, requests);
            byte[] body = exchange.getRequestBody().readAllBytes();
            String path = exchange.getRequestURI().getRawPath();
            if (path.endsWith("/slow")) {
                sleep();
            }
            Map<String, Object> echo = new LinkedHashMap<>();
            echo.put("service", name);
            echo.put("method", exchange.getRequestMethod());
            echo.put("path", path);
            echo.put("query", exchange.getRequestURI().getRawQuery());
            for (String header : new String[] {"Authorization", "Cookie", "X-XSRF-TOKEN", "Eppn", "Content-Type",
                    "X-Forwarded-Host", "X-Forwarded-For", "X-Forwarded-Proto", "traceparent", "tracestate"}) {
                echo.put(header.toLowerCase(), exchange.getRequestHeaders().getFirst(header));
            }
            echo.put("bodyLength", body.length);
            echo.put("peer", exchange.getRemoteAddress().getAddress().getHostAddress());
            byte[] answer = JSON.writeValueAsBytes(echo);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            if (!path.endsWith("/plain")) {
                exchange.getResponseHeaders().add("Set-Cookie", "XSRF-TOKEN=abc; Path=/; SameSite=Lax");
                exchange.getResponseHeaders().add("Set-Cookie", "other=1; Path=/");
            }
            exchange.sendResponseHeaders(path.endsWith("/missing") ? 404 : 200, answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        });
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
        return new FakeService(server, requests);
    }

    /**
     * Answers every request outside {@code /q/} with 503, {@code {"error": "<message>"}} and the
     * given headers (with {@code Connection: close}, the JDK's server closes the connection after
     * the answer, as a draining service does); {@code /q/health/ready} with {@code readiness}.
     */
    public static FakeService unavailable(String message, int readiness, Map<String, String> headers) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        AtomicInteger requests = new AtomicInteger();
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            boolean probe = exchange.getRequestURI().getRawPath().startsWith("/q/");
            count(exchange, requests);
            byte[] answer = JSON.writeValueAsBytes(Map.of("error", message));
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            if (!probe) {
                headers.forEach(exchange.getResponseHeaders()::add);
            }
            exchange.sendResponseHeaders(probe ? readiness : 503, answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        });
        server.setExecutor(Executors.newFixedThreadPool(2));
        server.start();
        return new FakeService(server, requests);
    }

    private static void count(HttpExchange exchange, AtomicInteger requests) {
        if (!exchange.getRequestURI().getRawPath().startsWith("/q/")) {
            requests.incrementAndGet();
        }
    }

    /** Requests received outside {@code /q/} (the gateway's readiness checks are not counted). */
    public int requests() {
        return requests.get();
    }

    private static void sleep() {
        try {
            Thread.sleep(3_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
