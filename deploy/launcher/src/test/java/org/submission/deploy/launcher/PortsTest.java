package org.submission.deploy.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PortsTest {

    @Test
    void takenPortIsNamedWithWhoNeedsItAndWhatToDo() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            int port = taken.getLocalPort();

            assertThat(Ports.free(port)).isFalse();
            assertThatThrownBy(() -> Ports.requireFree(Map.of(port, "policy-service")))
                    .isInstanceOf(PortTakenException.class)
                    .hasMessageContaining("port " + port + " (policy-service) already in use")
                    .hasMessageContaining("--port N");
        }
    }

    @Test
    void freePortPasses() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }

        assertThat(Ports.free(port)).isTrue();
    }
}
