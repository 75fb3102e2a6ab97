package org.submission.edge;

import io.netty.channel.ChannelPipeline;
import io.netty.handler.timeout.IdleStateHandler;
import io.quarkus.vertx.http.HttpServerOptionsCustomizer;
import io.vertx.core.http.HttpServerOptions;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection whose writes have not completed for {@code submission.http.write-idle-timeout}:
 * a client that stops reading holds its answer in the service's memory (and a share of the
 * {@link WriteBudget}) only that long, where Quarkus's idle timeout (30 minutes, any traffic)
 * would keep it. Until its first request head has come, a connection has the shorter
 * {@code submission.http.request-head-timeout} instead, counted from its opening and not renewed by
 * the bytes it sends. Gives each connection a fixed socket send buffer, so that what such a client
 * holds waits in the service, counted by the budget, and not in a kernel buffer grown to megabytes.
 * Upstream: neither Quarkus nor Vert.x has a request-head timeout; none filed
 * (https://github.com/quarkusio/quarkus/issues/23131 asked, and was closed).
 */
@ApplicationScoped
public class SlowClients implements HttpServerOptionsCustomizer {

    /** The name Vert.x gives the idle timeouts' handler in a connection's pipeline. */
    static final String IDLE = "idle";

    private final WriteLimits limits;
    private final long headTimeout;
    private volatile long idle;

    public SlowClients(WriteLimits limits, ConnectionLimits connections) {
        this.limits = limits;
        this.headTimeout = connections.requestHeadTimeout().toMillis();
    }

    @Override
    public void customizeHttpServer(HttpServerOptions options) {
        limit(options);
    }

    @Override
    public void customizeHttpsServer(HttpServerOptions options) {
        limit(options);
    }

    private void limit(HttpServerOptions options) {
        // the three idle timeouts share one unit; Quarkus gives its idle timeout in milliseconds
        idle = options.getIdleTimeoutUnit().toMillis(options.getIdleTimeout());
        // nothing is written before the first answer: the write-idle timer is the head's deadline
        options.setIdleTimeoutUnit(TimeUnit.MILLISECONDS).setIdleTimeout((int) idle)
                .setWriteIdleTimeout((int) Math.min(headTimeout, limits.writeIdleTimeout().toMillis()))
                .setSendBufferSize((int) limits.sendBufferSize().asLongValue());
    }

    /** The connection's first request head has come: from now on its writes have the write-idle timeout. */
    void headArrived(ChannelPipeline pipeline) {
        if (pipeline.get(IDLE) instanceof IdleStateHandler) {
            pipeline.replace(IDLE, IDLE, new IdleStateHandler(0, limits.writeIdleTimeout().toMillis(), idle, TimeUnit.MILLISECONDS));
        }
    }
}
