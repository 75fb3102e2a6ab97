package org.submission.deploy.launcher;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;

/**
 * Stands in for the public scholarly-metadata registry and open-access lookup service with
 * recorded answers for the demo DOIs (resources {@code offline/registry/} and
 * {@code offline/oalookup/}), so that {@code ./run.sh --offline} works without internet. The
 * DOI service is pointed at it through {@code REGISTRY_BASEURI} and {@code OALOOKUP_BASEURI}.
 */
public final class OfflineStub implements AutoCloseable {

    /** The DOIs with recorded answers. */
    public static final List<String> DEMO_DOIS = List.of("10.4137/CMC.S38446", "10.5555/demo.2024.0001");

    static final String REGISTRY = "/registry/works/";
    static final String LOOKUP = "/oalookup/v2/";

    private final HttpServer server;

    private OfflineStub(HttpServer server) {
        this.server = server;
    }

    /** Starts on a free port of the loopback interface. */
    public static OfflineStub start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        server.createContext(REGISTRY, exchange -> answer(exchange, REGISTRY, "offline/registry/",
                "text/plain", "Resource not found."));
        server.createContext(LOOKUP, exchange -> answer(exchange, LOOKUP, "offline/oalookup/",
                "application/json", "{\"HTTP_status_code\": 404, \"error\": true,"
                        + " \"message\": \"This DOI has no recorded answer in the offline demo.\"}"));
        server.setExecutor(Executors.newFixedThreadPool(2, task -> {
            Thread thread = new Thread(task, "offline-stub");
            thread.setDaemon(true);
            return thread;
        }));
        server.start();
        return new OfflineStub(server);
    }

    public URI registryBase() {
        return base(REGISTRY);
    }

    public URI lookupBase() {
        return base(LOOKUP);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private URI base(String path) {
        return URI.create("http://127.0.0.1:" + port() + path);
    }

    /** The resource name of a DOI's recorded answer: lower case (DOIs are case-insensitive), '/' → '_'. */
    static String fixtureName(String doi) {
        return doi.toLowerCase(Locale.ROOT).replace('/', '_') + ".json";
    }

    private static void answer(HttpExchange exchange, String prefix, String folder, String missingType,
                               String missingBody) throws IOException {
        try (exchange) {
            if (!"GET".equals(exchange.getRequestMethod())) {
                send(exchange, 405, "text/plain", "GET only".getBytes(StandardCharsets.UTF_8));
                return;
            }
            String doi = URLDecoder.decode(exchange.getRequestURI().getRawPath().substring(prefix.length()),
                    StandardCharsets.UTF_8);
            try (InputStream fixture = OfflineStub.class.getClassLoader()
                    .getResourceAsStream(folder + fixtureName(doi))) {
                if (fixture == null || doi.contains("..")) {
                    send(exchange, 404, missingType, missingBody.getBytes(StandardCharsets.UTF_8));
                } else {
                    send(exchange, 200, "application/json", fixture.readAllBytes());
                }
            }
        }
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
