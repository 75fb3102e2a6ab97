package org.submission.edge;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import io.netty.util.AttributeKey;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.submission.platform.http.RouteOrder;
import org.submission.platform.security.ClientAddress;

/**
 * What a connection's first request settles: its head came in time ({@link SlowClients}), and
 * its peer address's share of the connections. Quarkus bounds the connections of the whole
 * service, so one client that opened them all cut everyone else off; here a peer holds at most
 * {@code submission.http.max-connections-per-address}, counted from accept
 * ({@link AcceptedConnections}), and a request on one more is answered 429 and its connection
 * closed by the service. The peer is the connection's own (the ingress controller, a trusted
 * proxy, carries every caller's connections and is not bounded). Upstream: Vert.x's way to see a
 * connection accepted is the server's connection handler (https://github.com/eclipse-vertx/vert.x/issues/2542),
 * which Quarkus takes for its own limit (https://github.com/quarkusio/quarkus/pull/17909); no issue asks for more.
 */
@ApplicationScoped
public class NewConnections {

    static final String TOO_MANY = "Too many connections from your address; reuse the ones you have open.";
    /** Set by a connection's first request: whether the connection is refused. */
    private static final AttributeKey<Boolean> SETTLED = AttributeKey.valueOf("submission-connection-settled");

    private final SlowClients slowClients;
    private final AcceptedConnections accepted;

    public NewConnections(ConnectionLimits limits, SlowClients slowClients, ClientAddress clients, MeterRegistry registry) {
        this.slowClients = slowClients;
        this.accepted = new AcceptedConnections(limits.maxConnectionsPerAddress(), clients,
                Counter.builder("submission.http.connections.refusals")
                        .description("Connections closed because their peer address held the connections it may hold")
                        .register(registry));
    }

    void install(@Observes Router router) {
        router.route().order(RouteOrder.CONNECTIONS).handler(this::screen);
    }

    private void screen(RoutingContext ctx) {
        if (ctx.request().connection() instanceof ConnectionBase connection) {
            Channel channel = connection.channelHandlerContext().channel();
            Boolean refused = channel.attr(SETTLED).get();
            if (refused == null) {
                watchAccepts(channel.parent());
                Boolean counted = channel.attr(AcceptedConnections.REFUSED).get();
                // a connection accepted before the listening channel was watched is counted now
                refused = counted != null ? counted : !accepted.count(channel) || channel.attr(AcceptedConnections.REFUSED).get();
                channel.attr(SETTLED).set(refused);
                if (!refused) {
                    slowClients.headArrived(channel.pipeline());
                }
            }
            if (refused) {
                ClosingRefusal.busy(ctx, 429, TOO_MANY);
                return;
            }
        }
        ctx.next();
    }

    /**
     * Vert.x offers no hook where a connection is accepted: the listening channel, the parent of
     * every connection, is reached through the first request that any connection makes, and
     * watched from then on.
     */
    private synchronized void watchAccepts(Channel listening) {
        ChannelPipeline pipeline = listening == null ? null : listening.pipeline();
        if (pipeline != null && pipeline.get(AcceptedConnections.NAME) == null) {
            pipeline.addFirst(AcceptedConnections.NAME, accepted);
        }
    }
}
