package org.submission.doi.upstream;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapSetter;
import io.vertx.core.http.HttpClientRequest;

/**
 * A client span per request to an upstream, made here rather than by the Vert.x client's tracing
 * (which the requests skip) because that one always sends the trace context: the upstreams get a
 * {@code traceparent} only with {@code doi.upstream.propagate-trace}, since trace ids are internal.
 * With the SDK off the spans are no-ops.
 */
final class UpstreamSpans {

    private static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");
    private static final AttributeKey<String> ADDRESS = AttributeKey.stringKey("server.address");
    private static final AttributeKey<Long> PORT = AttributeKey.longKey("server.port");
    private static final AttributeKey<String> URL = AttributeKey.stringKey("url.full");
    private static final AttributeKey<String> PEER = AttributeKey.stringKey("peer.service");
    private static final AttributeKey<Long> STATUS = AttributeKey.longKey("http.response.status_code");
    private static final AttributeKey<String> ERROR = AttributeKey.stringKey("error.type");
    private static final TextMapSetter<HttpClientRequest> HEADERS = (request, name, value) -> request.putHeader(name, value);

    private final OpenTelemetry telemetry;
    private final Tracer tracer;
    private final String upstream;
    private final boolean propagate;

    UpstreamSpans(OpenTelemetry telemetry, String upstream, boolean propagate) {
        this.telemetry = telemetry;
        this.tracer = telemetry.getTracer("org.submission.doi.upstream");
        this.upstream = upstream;
        this.propagate = propagate;
    }

    /**
     * Starts the span of a request about to be sent, a child of the caller's current span, and
     * gives the request the trace context when propagation is on. The URL is recorded without its
     * query, which carries the contact address.
     */
    Span start(HttpClientRequest request, boolean ssl) {
        String scheme = ssl ? "https" : "http";
        Span span = tracer.spanBuilder(request.getMethod().name()).setSpanKind(SpanKind.CLIENT)
                .setAttribute(METHOD, request.getMethod().name()).setAttribute(ADDRESS, request.getHost())
                .setAttribute(PORT, (long) request.getPort()).setAttribute(PEER, upstream)
                .setAttribute(URL, scheme + "://" + request.getHost() + ":" + request.getPort() + request.path())
                .startSpan();
        if (propagate) {
            telemetry.getPropagators().getTextMapPropagator().inject(Context.current().with(span), request, HEADERS);
        }
        return span;
    }

    static void answered(Span span, int status) {
        span.setAttribute(STATUS, (long) status);
    }

    /** Ends the span; a failure (a refused status, a body over the cap, the transport's) marks it. */
    static void end(Span span, Throwable failure) {
        if (failure != null) {
            span.setAttribute(ERROR, failure.getClass().getSimpleName()).setStatus(StatusCode.ERROR, failure.getMessage());
        }
        span.end();
    }
}
