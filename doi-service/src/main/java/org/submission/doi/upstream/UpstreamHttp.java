package org.submission.doi.upstream;

import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.opentelemetry.api.trace.Span;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.UniEmitter;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.tracing.TracingPolicy;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.submission.doi.config.DoiSettings;

/**
 * GET requests to one upstream on the Vert.x HTTP client: a keep-alive connection pool with a
 * bounded wait queue, per-attempt connect and read (idle) timeouts, redirects never followed, and
 * the body read as it arrives up to the cap. A connection is only ever closed while its answer is
 * unfinished (a refused status, a body over the cap, a caller gone), so it cannot be in another
 * call's hands; a finished one goes back to the pool.
 */
final class UpstreamHttp {

    private static final int MAX_LATE = 3;

    private final HttpClient client;
    private final RequestOptions template;
    private final String basePath;
    private final long cap;
    private final UpstreamPace pace;
    private final UpstreamSpans spans;
    private final boolean ssl;

    UpstreamHttp(Vertx vertx, URI base, DoiSettings settings, UpstreamPace pace, Map<String, String> headers,
            UpstreamSpans spans) {
        this.pace = pace;
        this.spans = spans;
        DoiSettings.Calls calls = settings.upstream();
        this.ssl = "https".equalsIgnoreCase(base.getScheme());
        this.client = vertx.httpClientBuilder()
                // the span is UpstreamSpans', which sends the trace context only when told to
                .with(new HttpClientOptions().setKeepAlive(true).setConnectTimeout((int) calls.connectTimeout().toMillis())
                        .setTracingPolicy(TracingPolicy.IGNORE))
                .with(new PoolOptions().setHttp1MaxSize(calls.poolSize()).setMaxWaitQueueSize(calls.maxWaiting()))
                // the call a reset connection carried fails with it and is answered; no ERROR line besides
                .withConnectHandler(connection -> connection.exceptionHandler(failure ->
                        Log.debugf("upstream connection to %s: %s", base.getHost(), failure)))
                .build();
        String userAgent = settings.product() + settings.mailto().map(mail -> " (mailto:" + mail + ")").orElse("");
        this.template = new RequestOptions().setMethod(HttpMethod.GET).setSsl(ssl).setHost(base.getHost())
                .setPort(base.getPort() > 0 ? base.getPort() : ssl ? 443 : 80)
                .setIdleTimeout(calls.readTimeout().toMillis()).setFollowRedirects(false)
                .putHeader(HttpHeaders.USER_AGENT, userAgent).putHeader(HttpHeaders.ACCEPT, "application/json");
        headers.forEach(template::putHeader);
        String path = base.getRawPath() == null ? "" : base.getRawPath();
        this.basePath = path.endsWith("/") ? path : path + "/";
        this.cap = calls.maxBodySize().asLongValue();
    }

    /**
     * The body of a 2xx answer to {@code GET {base}/{relative}} ({@code relative} already
     * percent-encoded); an {@link UpstreamFailure} for another status or a body over the cap,
     * the transport's exception otherwise. The request is sent only once it has a connection and
     * its turn is still current (see {@link #inTurn}).
     */
    Uni<Buffer> get(String relative, UpstreamTurns turns) {
        AtomicReference<HttpClientRequest> opened = new AtomicReference<>();
        return Uni.createFrom().<HttpClientRequest>emitter(emitter -> client.request(new RequestOptions(template)
                        .setURI(basePath + relative)).onSuccess(emitter::complete).onFailure(emitter::fail))
                .invoke(opened::set)
                // not sent: reset gives the connection back to the pool
                .call(request -> inTurn(turns, 0).onFailure().invoke(failure -> request.reset()))
                .chain(this::send)
                .onCancellation().invoke(() -> {
                    HttpClientRequest request = opened.get();
                    if (request != null) {
                        request.reset();
                    }
                });
    }

    /**
     * Waits, with the connection, for a turn that is still current: a request that got its
     * connection (or its timer) later than its turn allows takes the next turn instead of going
     * out late, at most {@link #MAX_LATE} times.
     */
    private static Uni<Void> inTurn(UpstreamTurns turns, int late) {
        if (turns.current()) {
            return Uni.createFrom().voidItem();
        }
        if (late == MAX_LATE) {
            return Uni.createFrom().failure(UpstreamFailure.late());
        }
        return turns.next().chain(() -> inTurn(turns, late + 1));
    }

    private Uni<Buffer> send(HttpClientRequest request) {
        Span span = spans.start(request, ssl);
        return Uni.createFrom().<Buffer>emitter(emitter -> request.send()
                        .onSuccess(response -> read(response, emitter, span)).onFailure(emitter::fail))
                .onItemOrFailure().invoke((body, failure) -> UpstreamSpans.end(span, failure))
                .onCancellation().invoke(span::end);
    }

    private void read(HttpClientResponse response, UniEmitter<? super Buffer> emitter, Span span) {
        response.exceptionHandler(emitter::fail);
        pace.observe(response);
        int status = response.statusCode();
        UpstreamSpans.answered(span, status);
        if (status < 200 || status >= 300) {
            abandon(response, emitter, UpstreamFailure.status(status, response.getHeader(HttpHeaders.RETRY_AFTER)));
            return;
        }
        if (declaredLength(response) > cap) {
            abandon(response, emitter, UpstreamFailure.tooLarge(cap));
            return;
        }
        // the chunks are kept as they came: appending them to one buffer would copy a 2 MB body
        // about twice over while it doubles, and keep those copies alive until it is read
        CompositeByteBuf body = Unpooled.compositeBuffer(Integer.MAX_VALUE);
        response.handler(chunk -> {
            if (body.readableBytes() + (long) chunk.length() > cap) {
                abandon(response, emitter, UpstreamFailure.tooLarge(cap));
            } else {
                body.addComponent(true, chunk.getByteBuf());
            }
        });
        response.endHandler(ended -> emitter.complete(Buffer.buffer(body)));
    }

    /** Fails the call and closes its connection, which is still busy with this answer. */
    private static void abandon(HttpClientResponse response, UniEmitter<?> emitter, UpstreamFailure failure) {
        emitter.fail(failure);
        response.request().reset();
    }

    /** The Content-Length, or -1 when absent (chunked) or unreadable (the decoder fails on it). */
    private static long declaredLength(HttpClientResponse response) {
        try {
            String length = response.getHeader(HttpHeaders.CONTENT_LENGTH);
            return length == null ? -1 : Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
