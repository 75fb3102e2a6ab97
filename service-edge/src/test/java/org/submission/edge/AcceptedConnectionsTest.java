package org.submission.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.embedded.EmbeddedChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.submission.platform.security.ClientAddress;

/** The per-address count of connections keys a peer as every bound per client does (ClientAddress). */
class AcceptedConnectionsTest {

    @Test
    void theAddressesOfOneIpv6NetworkAreCountedAsOnePeer() throws Exception {
        AcceptedConnections accepted = new AcceptedConnections(1, new ClientAddress(Optional::empty),
                new SimpleMeterRegistry().counter("refusals"));

        EmbeddedChannel first = from("2001:db8::1");
        EmbeddedChannel second = from("2001:db8::2");
        assertThat(accepted.count(first)).isTrue();
        assertThat(accepted.count(second)).isTrue();
        assertThat(accepted.count(from("2001:db8::3"))).as("past the share and the one let in to be told").isFalse();

        // the network held the two counted, not the one closed: once they close, the next is within the share again
        first.close();
        second.close();
        EmbeddedChannel next = from("2001:db8::4");
        assertThat(accepted.count(next)).isTrue();
        assertThat(next.attr(AcceptedConnections.REFUSED).get()).as("refused on its first request").isFalse();
    }

    private static EmbeddedChannel from(String address) throws UnknownHostException {
        InetSocketAddress remote = new InetSocketAddress(InetAddress.getByName(address), 40_000);
        return new EmbeddedChannel() {
            @Override
            public SocketAddress remoteAddress() {
                return remote;
            }
        };
    }
}
