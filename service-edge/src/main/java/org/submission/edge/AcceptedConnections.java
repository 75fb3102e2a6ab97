package org.submission.edge;

import io.micrometer.core.instrument.Counter;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.AttributeKey;
import io.vertx.core.net.SocketAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.submission.platform.security.ClientAddress;

/**
 * Each peer address's connections, counted from the moment the listening socket accepts them
 * until they close, silent ones included: in the listening channel's pipeline, before Netty hands
 * a new connection to Vert.x. Up to {@code perAddress} a connection is admitted; the next
 * {@code waiting} are let in to be answered 429 on their first request and closed; past those a
 * connection is closed as soon as it is accepted. So an address holds at most
 * {@code perAddress + waiting} of the service's connections however often it reconnects. Trusted
 * proxies (the ingress controller, which carries every caller) are not counted. Upstream: as
 * {@link NewConnections}.
 */
@ChannelHandler.Sharable
final class AcceptedConnections extends ChannelInboundHandlerAdapter {

    static final String NAME = "submission-accepted-connections";
    /** Set on every counted connection: whether its first request is to be refused. */
    static final AttributeKey<Boolean> REFUSED = AttributeKey.valueOf("submission-connection-refused");

    private final int perAddress;
    private final int waiting;
    private final ClientAddress clients;
    private final Counter refusals;
    private final Map<String, Integer> open = new ConcurrentHashMap<>();

    AcceptedConnections(int perAddress, ClientAddress clients, Counter refusals) {
        this.perAddress = perAddress;
        this.waiting = Math.max(1, perAddress / 10);
        this.clients = clients;
        this.refusals = refusals;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Channel connection && !count(connection)) {
            // not yet registered with an event loop: closed as Netty closes one it cannot register
            connection.unsafe().closeForcibly();
            return;
        }
        ctx.fireChannelRead(msg);
    }

    /**
     * Counts {@code connection} under its peer address until it closes and marks whether its first
     * request is refused; false, counting nothing, when the address holds all it may.
     */
    boolean count(Channel connection) {
        if (!(connection.remoteAddress() instanceof InetSocketAddress remote) || remote.getAddress() == null
                || clients.trustedPeer(SocketAddress.inetSocketAddress(remote))) {
            connection.attr(REFUSED).set(false);
            return true;
        }
        // keyed as every bound per client is: an IPv6 host holds its /64 whole
        String address = ClientAddress.key(remote.getAddress());
        int[] held = new int[1];
        open.compute(address, (key, count) -> {
            held[0] = count == null ? 1 : count + 1;
            return held[0] > perAddress + waiting ? count : Integer.valueOf(held[0]);
        });
        if (held[0] > perAddress) {
            refusals.increment();
        }
        if (held[0] > perAddress + waiting) {
            return false;
        }
        connection.attr(REFUSED).set(held[0] > perAddress);
        connection.closeFuture().addListener(closed -> open.computeIfPresent(address, (key, count) -> count == 1 ? null : count - 1));
        return true;
    }
}
