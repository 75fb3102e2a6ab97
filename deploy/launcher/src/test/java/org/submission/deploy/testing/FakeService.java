package org.submission.deploy.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * A stand-in service on loopback that answers every request with what it received: its own
 * name, the method, path, query, a few headers and the body length. It sets two cookies, so
 * that passing several {@code Set-Cookie} headers back can be seen; none on a path ending in
 * {@code /plain}. A path ending in {@code /slow} is answered after 3 s.
 */
public final class FakeService implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpServer server;

    private FakeService(HttpServer server) {
        this.server = server;
    }

    public static FakeService start(String name) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        server.createContext("/", exchange -> {
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
        return new FakeService(server);
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
