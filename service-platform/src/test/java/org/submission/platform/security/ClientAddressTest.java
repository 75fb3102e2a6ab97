package org.submission.platform.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientAddressTest {

    private static final InetAddress INGRESS = ClientAddress.parse("10.244.1.7");
    private final ClientAddress clients = new ClientAddress(List.of("10.244.0.0/16", "192.0.2.1"));

    private String client(InetAddress peer, String... forwardedFor) {
        return ClientAddress.key(clients.client(peer, List.of(forwardedFor)));
    }

    @Test
    void anUntrustedPeersForwardedForIsIgnored() {
        assertThat(client(ClientAddress.parse("198.51.100.7"), "203.0.113.1")).isEqualTo("198.51.100.7");
    }

    @Test
    void behindATrustedProxyTheClientIsTheHopTheProxyAppended() {
        assertThat(client(INGRESS, "6.6.6.6, 203.0.113.1")).isEqualTo("203.0.113.1");
    }

    @Test
    void trustedHopsAreSkippedFromTheRight() {
        assertThat(client(INGRESS, "203.0.113.1, 192.0.2.1", "10.244.3.3")).isEqualTo("203.0.113.1");
    }

    @Test
    void aHopThatIsNoAddressEndsTheWalkAtTheLastTrustedOne() {
        assertThat(client(INGRESS, "203.0.113.1, localhost")).isEqualTo("10.244.1.7");
    }

    @Test
    void aTrustedProxyWithoutForwardedForIsItself() {
        assertThat(client(INGRESS)).isEqualTo("10.244.1.7");
    }

    @Test
    void anIpv6ClientIsItsSlash64Network() {
        assertThat(client(INGRESS, "[2001:db8:1:2:aaaa::1]")).isEqualTo("2001:db8:1:2::/64");
    }

    @Test
    void anIpv4MappedAddressIsTheIpv4Address() {
        assertThat(client(ClientAddress.parse("::ffff:198.51.100.7"))).isEqualTo("198.51.100.7");
    }

    @Test
    void aRangeThatIsNoRangeStopsTheStartNamingTheSetting() {
        assertThatThrownBy(() -> new ClientAddress(List.of("10.0.0.0/33")))
                .hasMessageContaining("SUBMISSION_HTTP_TRUSTED_PROXIES").hasMessageContaining("10.0.0.0/33");
        assertThatThrownBy(() -> new ClientAddress(List.of("ingress.example")))
                .hasMessageContaining("ingress.example");
    }
}
