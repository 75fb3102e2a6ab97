package org.submission.edge;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.submission.platform.error.ErrorPathReady;
import org.submission.platform.http.RouteOrder;

/**
 * The bytes of answers that wait to be written, across all connections, and their bound. An
 * answer is queued whole before the client reads it (RESTEasy writes the entity at once), so a
 * hundred clients that ask for large answers and read nothing held the heap until the service died.
 * Each HTTP/1 connection gets a {@link WriteGate} in its Netty pipeline, which counts an answer's
 * bytes from the moment it is queued until Netty has handed them to the socket (or the connection
 * closed), and replaces an answer that would take the total past
 * {@code submission.http.write-budget} by 503 with Retry-After; and {@link PipelinedRequests},
 * which starts its next pipelined request only when its answers have room. The services speak
 * HTTP/1.1 only ({@link Http11Only}), so every answer passes a gate. Upstream: none bounds what a
 * server queues for slow readers (https://github.com/eclipse-vertx/vert.x/issues/5443: Vert.x will not;
 * https://github.com/quarkusio/quarkus/issues/41635, open, is about a streamed body).
 */
@ApplicationScoped
public class WriteBudget {

    static final String GATE = "submission-write-gate";
    static final String ONE_AT_A_TIME = "submission-pipelined-requests";
    /** What an answer of unknown size (written in chunks) is taken to need when it starts. */
    static final long CHUNKED = 64 * 1024;
    /**
     * Smaller answers pass when their connection has nothing queued: the kernel's send buffer
     * takes them at once even from a client that reads nothing, so they do not wait here; refusing
     * them would refuse the small cached answers of every other caller while slow readers hold the
     * budget. Behind bytes their connection has queued (pipelined requests of a client that does
     * not read) they wait, and count like any other.
     */
    static final long SMALL = 16 * 1024;

    private final long budget;
    private final AtomicLong pending = new AtomicLong();
    private final Counter refusals;

    public WriteBudget(WriteLimits limits, MeterRegistry registry) {
        this.budget = limits.writeBudget().asLongValue();
        this.refusals = Counter.builder("submission.http.write.budget.refusals")
                .description("Answers replaced by 503 because the answers waiting to be written held the write budget")
                .register(registry);
        Gauge.builder("submission.http.write.pending", pending, AtomicLong::get).baseUnit("bytes")
                .description("Bytes of answers queued and not yet handed to the socket, all connections together")
                .register(registry);
    }

    void install(@Observes Router router) {
        // a refusal is written while memory is short: nothing of it may load then (ErrorPathReady)
        ErrorPathReady.initialise(List.of(WriteGate.class, PipelinedRequests.class));
        router.route().order(RouteOrder.WRITE_GATE).handler(this::watch);
    }

    private void watch(RoutingContext ctx) {
        if (ctx.request().connection() instanceof ConnectionBase connection) {
            Channel channel = connection.channelHandlerContext().channel();
            ChannelPipeline pipeline = channel.pipeline();
            if (pipeline.get(GATE) == null && pipeline.get("handler") != null) {
                // before Vert.x's own handler, which writes the answers: its writes pass through the gate
                pipeline.addBefore("handler", GATE, new WriteGate(this));
                pipeline.addBefore("handler", ONE_AT_A_TIME, new PipelinedRequests(true));
            }
        }
        ctx.next();
    }

    /**
     * Takes {@code bytes} of the budget for an answer of {@code size} bytes, or none and counts a
     * refusal; {@code behind}: its connection has bytes queued already.
     */
    boolean reserve(long size, long bytes, boolean behind) {
        while (true) {
            long current = pending.get();
            if ((size > SMALL || behind) && current > 0 && current + size > budget) {
                refusals.increment();
                return false;
            }
            if (pending.compareAndSet(current, current + bytes)) {
                return true;
            }
        }
    }

    void add(long bytes) {
        pending.addAndGet(bytes);
    }

    void release(long bytes) {
        pending.addAndGet(-bytes);
    }
}
