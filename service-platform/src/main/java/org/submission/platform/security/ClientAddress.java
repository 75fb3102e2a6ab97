package org.submission.platform.security;

import io.netty.handler.ipfilter.IpFilterRuleType;
import io.netty.handler.ipfilter.IpSubnetFilterRule;
import io.netty.util.NetUtil;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;

/**
 * Which client a request comes from, for slowing its failed authentications: the connection's peer,
 * or, only when that peer is a trusted proxy, the rightmost address of {@code X-Forwarded-For}: the
 * one that proxy appended. Nothing left of it is believed, a trusted address included, since any
 * client may have written it; so a client that is itself inside the trusted ranges is charged for
 * its own address. An IPv6 client is its /64 network, which one host usually holds whole.
 */
@ApplicationScoped
public class ClientAddress {

    /** The key of a peer that has no IP address (a Unix socket). */
    static final String UNKNOWN = "unknown";

    private final List<IpSubnetFilterRule> trusted;

    @Inject
    public ClientAddress(TrustedProxySettings settings) {
        this(settings.trustedProxies().orElse(List.of()));
    }

    ClientAddress(List<String> ranges) {
        this.trusted = ranges.stream().map(String::trim).filter(r -> !r.isEmpty()).map(ClientAddress::range).toList();
    }

    /** The client's key: an IPv4 address, or an IPv6 /64 network. */
    public String of(RoutingContext context) {
        SocketAddress peer = context.request().connection().remoteAddress();
        InetAddress remote = peer == null || peer.hostAddress() == null ? null : parse(peer.hostAddress());
        if (remote == null) {
            return UNKNOWN;
        }
        return key(client(remote, context.request().headers().getAll("X-Forwarded-For")));
    }

    /** Whether a connection's peer is a trusted proxy (the ingress controller), whatever it forwards. */
    public boolean trustedPeer(SocketAddress peer) {
        InetAddress remote = peer == null || peer.hostAddress() == null ? null : parse(peer.hostAddress());
        return remote != null && trusted(remote);
    }

    InetAddress client(InetAddress remote, List<String> forwardedFor) {
        if (!trusted(remote) || forwardedFor.isEmpty()) {
            return remote;
        }
        String last = forwardedFor.get(forwardedFor.size() - 1);
        InetAddress appended = parse(last.substring(last.lastIndexOf(',') + 1).trim());
        return appended == null ? remote : appended;
    }

    /** The key of an address, as every bound per client counts it: an IPv4 address, or an IPv6 /64 network. */
    public static String key(InetAddress address) {
        if (address instanceof Inet6Address) {
            byte[] network = Arrays.copyOf(address.getAddress(), 16);
            Arrays.fill(network, 8, 16, (byte) 0);
            try {
                return NetUtil.toAddressString(InetAddress.getByAddress(network)) + "/64";
            } catch (UnknownHostException e) {
                throw new IllegalStateException(e);
            }
        }
        return NetUtil.toAddressString(address);
    }

    private boolean trusted(InetAddress address) {
        InetSocketAddress socket = new InetSocketAddress(address, 0);
        return trusted.stream().anyMatch(rule -> rule.matches(socket));
    }

    /** An IP address literal (never a name lookup), bracketed or not, or null. */
    static InetAddress parse(String text) {
        String literal = text.startsWith("[") && text.endsWith("]") ? text.substring(1, text.length() - 1) : text;
        return NetUtil.createInetAddressFromIpAddressString(literal);
    }

    private static IpSubnetFilterRule range(String range) {
        int slash = range.indexOf('/');
        InetAddress address = parse(slash < 0 ? range : range.substring(0, slash));
        if (address == null) {
            throw new IllegalArgumentException("SUBMISSION_HTTP_TRUSTED_PROXIES: not an address range: " + range);
        }
        int bits = address.getAddress().length * 8;
        try {
            int prefix = slash < 0 ? bits : Integer.parseInt(range.substring(slash + 1));
            if (prefix < 0 || prefix > bits) {
                throw new NumberFormatException();
            }
            return new IpSubnetFilterRule(address, prefix, IpFilterRuleType.ACCEPT);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("SUBMISSION_HTTP_TRUSTED_PROXIES: not an address range: " + range);
        }
    }
}
