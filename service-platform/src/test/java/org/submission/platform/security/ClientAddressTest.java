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
    void aTrustedAddressTheProxyAppendedIsTheClientNotOneFurtherLeft() {
        assertThat(client(INGRESS, "203.0.113.1, 192.0.2.1", "10.244.3.3")).isEqualTo("10.244.3.3");
    }

    @Test
    void theLastOfSeveralForwardedForHeadersIsTheOneTheProxyAppendedTo() {
        assertThat(client(INGRESS, "203.0.113.1", "198.51.100.9, 192.0.2.1")).isEqualTo("192.0.2.1");
    }

    @Test
    void anAppendedHopThatIsNoAddressLeavesTheProxyItself() {
        assertThat(client(INGRESS, "203.0.113.1, localhost")).isEqualTo("10.244.1.7");
    }

    @Test
    void withNoTrustedProxyEveryForwardedForIsIgnored() {
        assertThat(ClientAddress.key(new ClientAddress(List.of()).client(INGRESS, List.of("203.0.113.1"))))
                .isEqualTo("10.244.1.7");
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
