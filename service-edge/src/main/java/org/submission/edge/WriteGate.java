package org.submission.edge;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;

/**
 * One connection's part of the {@link WriteBudget}, in its Netty pipeline before Vert.x writes:
 * counts every answer's bytes until their write completes, and replaces an answer the budget has
 * no room for by a small 503: a large one, or any answer queued behind bytes of the same
 * connection that have not reached the socket (the kernel's buffer is full, so it will wait here). An answer written in chunks is judged when its head comes; its
 * chunks all follow on the same event loop, so the budget is exceeded by at most one answer per
 * event loop. A refused chunked answer's chunks are dropped up to its last. Upstream: as {@link WriteBudget}.
 */
final class WriteGate extends ChannelOutboundHandlerAdapter {

    static final String BUSY = "The service is busy sending large answers to other clients; try again shortly.";
    private static final byte[] BODY = new JsonObject().put("error", BUSY).encode().getBytes(StandardCharsets.UTF_8);

    private final WriteBudget budget;
    private boolean dropping;
    /** This connection's bytes not yet handed to the socket. */
    private long queued;

    WriteGate(WriteBudget budget) {
        this.budget = budget;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (dropping && msg instanceof HttpContent content && !(msg instanceof HttpResponse)) {
            dropping = !(content instanceof LastHttpContent);
            ReferenceCountUtil.release(msg);
            promise.trySuccess();
            return;
        }
        long bytes = msg instanceof HttpContent content ? content.content().readableBytes() : 0;
        if (msg instanceof HttpResponse head && head.status().code() >= 200) {
            if (!budget.reserve(expectedSize(head, bytes), bytes, queued > 0)) {
                dropping = !(msg instanceof LastHttpContent);
                ctx.write(refusal(head), promise);
                ReferenceCountUtil.release(msg);
                return;
            }
        } else {
            budget.add(bytes);
        }
        if (bytes == 0) {
            ctx.write(msg, promise);
            return;
        }
        queued += bytes;
        ChannelPromise written = promise.unvoid();
        written.addListener(done -> {
            queued -= bytes;
            budget.release(bytes);
        });
        ctx.write(msg, written);
    }

    /** The whole answer's size when known, else what a chunked answer is taken to need. */
    private static long expectedSize(HttpResponse head, long bytes) {
        if (head instanceof FullHttpResponse) {
            return bytes;
        }
        long declared = HttpUtil.getContentLength(head, -1L);
        return declared >= 0 ? declared : WriteBudget.CHUNKED;
    }

    private static FullHttpResponse refusal(HttpResponse head) {
        FullHttpResponse busy = new DefaultFullHttpResponse(head.protocolVersion(), HttpResponseStatus.SERVICE_UNAVAILABLE,
                Unpooled.wrappedBuffer(BODY));
        // the answer's own headers (cookies, nosniff, Connection) without those describing its body
        busy.headers().set(head.headers())
                .remove(HttpHeaderNames.TRANSFER_ENCODING).remove(HttpHeaderNames.ETAG)
                .remove(HttpHeaderNames.LAST_MODIFIED).remove(HttpHeaderNames.CONTENT_ENCODING)
                .set(HttpHeaderNames.CONTENT_TYPE, "application/json")
                .set(HttpHeaderNames.CONTENT_LENGTH, BODY.length)
                .set(HttpHeaderNames.CACHE_CONTROL, "no-store")
                .set(HttpHeaderNames.RETRY_AFTER, 1);
        return busy;
    }
}
