package org.submission.platform.testing;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * An OTLP trace collector on a loopback port, as a real collector is on 4318: {@code POST /v1/traces}
 * with a protobuf body, answered 200. It keeps each export's path and body, so that a test sees what a
 * service really sent over the network, not what its SDK meant to send.
 */
public final class FakeCollector implements AutoCloseable {

    /** The path of the HTTP/protobuf export. */
    public static final String HTTP_PATH = "/v1/traces";

    /** One export the collector received. */
    public record Export(String path, String contentType, byte[] body) {
        /** Whether the protobuf body holds {@code text} (strings are written as their UTF-8 bytes). */
        public boolean mentions(String text) {
            return new String(body, StandardCharsets.ISO_8859_1).contains(new String(text.getBytes(StandardCharsets.UTF_8),
                    StandardCharsets.ISO_8859_1));
        }
    }

    private final Vertx vertx = Vertx.vertx();
    private final List<Export> exports = new CopyOnWriteArrayList<>();
    private final HttpServer server;

    private FakeCollector() throws Exception {
        server = vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(0))
                .requestHandler(request -> request.body().onSuccess(body -> {
                    exports.add(new Export(request.path(), request.getHeader("content-type"), body.getBytes()));
                    request.response().putHeader("content-type", "application/x-protobuf").setStatusCode(200).end();
                }))
                .listen().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    public static FakeCollector start() throws Exception {
        return new FakeCollector();
    }

    /** The collector's base URL, for {@code QUARKUS_OTEL_EXPORTER_OTLP_TRACES_ENDPOINT}. */
    public String endpoint() {
        return "http://127.0.0.1:" + server.actualPort();
    }

    /** The exports received within {@code within} that mention {@code text}; those received so far when none does. */
    public List<Export> awaitMentioning(String text, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            List<Export> found = exports.stream().filter(export -> export.mentions(text)).toList();
            if (!found.isEmpty()) {
                return found;
            }
            Thread.sleep(50);
        }
        return List.copyOf(exports);
    }

    @Override
    public void close() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}
