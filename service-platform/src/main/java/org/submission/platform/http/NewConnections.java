package org.submission.platform.http;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.SocketAddress;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.submission.platform.error.RouterErrors;
import org.submission.platform.security.ClientAddress;

/**
 * What a connection's first request settles: its head came in time ({@link SlowClients}), and
 * its peer address's share of the connections. Quarkus bounds the connections of the whole
 * service, so one client that opened them all cut everyone else off; here a peer holds at most
 * {@code submission.http.max-connections-per-address}, and a request on one more is answered 429
 * and its connection closed. The peer is the connection's own (the ingress controller, a trusted
 * proxy, carries every caller's connections and is not bounded); a silent connection is not
 * counted, and the head's deadline closes it within seconds.
 */
@ApplicationScoped
public class NewConnections {

    static final String TOO_MANY = "Too many connections from your address; reuse the ones you have open.";
    private static final AttributeKey<Boolean> REFUSED = AttributeKey.valueOf("submission-connection-refused");

    private final int perAddress;
    private final SlowClients slowClients;
    private final ClientAddress clients;
    private final Map<String, Integer> open = new ConcurrentHashMap<>();
    private final Counter refusals;

    public NewConnections(ConnectionLimits limits, SlowClients slowClients, ClientAddress clients, MeterRegistry registry) {
        this.perAddress = limits.maxConnectionsPerAddress();
        this.slowClients = slowClients;
        this.clients = clients;
        this.refusals = Counter.builder("submission.http.connections.refusals")
                .description("Connections closed because their peer address held the connections it may hold").register(registry);
    }

    void install(@Observes Router router) {
        router.route().order(RouteOrder.CONNECTIONS).handler(this::screen);
    }

    private void screen(RoutingContext ctx) {
        if (ctx.request().connection() instanceof ConnectionBase connection) {
            Channel channel = connection.channelHandlerContext().channel();
            Boolean refused = channel.attr(REFUSED).get();
            if (refused == null) {
                slowClients.headArrived(channel.pipeline());
                refused = !admit(channel, ctx.request().connection().remoteAddress());
                channel.attr(REFUSED).set(refused);
            }
            if (refused) {
                refuse(ctx);
                return;
            }
        }
        ctx.next();
    }

    private static void refuse(RoutingContext ctx) {
        boolean http2 = ctx.request().version() == HttpVersion.HTTP_2;
        if (!http2) {
            ctx.response().putHeader("Connection", "close");
        }
        ctx.response().putHeader("Retry-After", "1");
        RouterErrors.write(ctx, 429, TOO_MANY);
        if (http2) {
            ctx.request().connection().shutdown();
        }
    }

    /** Counts the connection under its peer address until it closes; false when that is one too many. */
    private boolean admit(Channel channel, SocketAddress peer) {
        if (peer == null || peer.hostAddress() == null || clients.trustedPeer(peer)) {
            return true;
        }
        String address = peer.hostAddress();
        int held = open.merge(address, 1, Integer::sum);
        channel.closeFuture().addListener(closed -> open.computeIfPresent(address, (key, count) -> count == 1 ? null : count - 1));
        if (held > perAddress) {
            refusals.increment();
            return false;
        }
        return true;
    }
}
