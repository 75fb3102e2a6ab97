package org.submission.edge;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;

/**
 * Hands one HTTP/1 connection's requests to Vert.x one at a time: the next pipelined request only
 * once the answer to the one before is queued whole and the connection is writable (what it has
 * queued is under Netty's high-water mark, 64 KB). Vert.x starts a pipelined request as soon as the
 * answer before it is queued, so a client that sent thousands of requests and read nothing had
 * thousands of answers queued in the service's direct memory. Requests received and not started
 * wait here, and while any waits nothing more is read from the socket: what one connection holds
 * is what one read brought, whatever the answers' sizes. Upstream: none filed.
 */
final class PipelinedRequests extends ChannelDuplexHandler {

    private final ArrayDeque<Object> waiting = new ArrayDeque<>();
    /** A request was handed on and its answer has not been queued whole yet. */
    private boolean answering;
    private boolean readWanted;

    /** Added while the connection's first request is under way. */
    PipelinedRequests(boolean answering) {
        this.answering = answering;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        boolean startsRequest = msg instanceof HttpRequest;
        if (waiting.isEmpty() && (!startsRequest || !answering && ctx.channel().isWritable())) {
            // the body of the request under way, or a request the connection has room to answer
            answering |= startsRequest;
            ctx.fireChannelRead(msg);
            return;
        }
        waiting.add(msg);
    }

    @Override
    public void read(ChannelHandlerContext ctx) {
        if (waiting.isEmpty()) {
            ctx.read();
        } else {
            readWanted = true;
        }
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        // an interim answer (100 Continue) is whole too, and the final one follows it
        boolean answerQueued = msg instanceof LastHttpContent && !(msg instanceof HttpResponse head && head.status().code() < 200);
        ctx.write(msg, promise);
        if (answerQueued) {
            answering = false;
            // after Vert.x has finished with the answer it is queuing
            ctx.executor().execute(() -> release(ctx));
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        ctx.fireChannelWritabilityChanged();
        if (ctx.channel().isWritable()) {
            release(ctx);
        }
    }

    private void release(ChannelHandlerContext ctx) {
        boolean released = false;
        while (!waiting.isEmpty() && ctx.channel().isActive()) {
            if (waiting.peek() instanceof HttpRequest) {
                if (answering || !ctx.channel().isWritable()) {
                    break;
                }
                answering = true;
            }
            released = true;
            ctx.fireChannelRead(waiting.poll());
        }
        if (released) {
            // Vert.x flushes what it wrote while reading when the read completes
            ctx.fireChannelReadComplete();
        }
        if (waiting.isEmpty() && readWanted) {
            readWanted = false;
            ctx.read();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        discard();
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        discard();
    }

    private void discard() {
        while (!waiting.isEmpty()) {
            ReferenceCountUtil.release(waiting.poll());
        }
    }
}
