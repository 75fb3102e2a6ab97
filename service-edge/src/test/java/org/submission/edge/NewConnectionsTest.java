package org.submission.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.LoopbackClient;

/**
 * One client's connections ({@link TightLimits}: five per address, a one-second deadline for the
 * first request head, writes idle for ten minutes before a connection is closed), in the start of
 * {@link TightLimits.WithHttp2}, whose HTTP/2 switch the services ignore.
 */
@QuarkusTest
@TestProfile(TightLimits.WithHttp2.class)
@WithTestResource(EmbeddedPostgresResource.class)
class NewConnectionsTest {

    @Test
    void aRequestOnOneConnectionMoreThanItsAddressMayHoldIsAnswered429AndClosed() {
        List<LoopbackClient> held = new ArrayList<>();
        try {
            for (int i = 0; i < 5; i++) {
                held.add(new LoopbackClient("127.0.0.3", RestAssured.port));
                assertThat(held.get(i).get("/probe/open").status()).isEqualTo(200);
            }
            try (LoopbackClient oneMore = new LoopbackClient("127.0.0.3", RestAssured.port);
                    LoopbackClient otherAddress = new LoopbackClient("127.0.0.4", RestAssured.port)) {
                LoopbackClient.Answer refused = oneMore.get("/probe/open");

                assertThat(refused.status()).isEqualTo(429);
                assertThat(refused.headers()).containsEntry("connection", "close").containsKey("retry-after");
                assertThat(refused.body()).contains("Too many connections from your address");
                assertThat(otherAddress.get("/probe/open").status()).isEqualTo(200);
            }
        } finally {
            held.forEach(LoopbackClient::close);
        }
    }

    @Test
    void aConnectionThatSendsNoRequestHeadIsClosedAtTheHeadDeadline() throws Exception {
        try (Socket silent = connect(); Socket slow = connect()) {
            slow.getOutputStream().write('G');

            // read returns the end of the stream (or a reset) once the service has closed it
            assertThat(closedByService(silent)).isTrue();
            assertThat(closedByService(slow)).isTrue();
        }
    }

    @Test
    void aKeptAliveConnectionOutlivesTheHeadDeadlineOnceItHasSentARequest() throws Exception {
        try (LoopbackClient client = new LoopbackClient("127.0.0.5", RestAssured.port)) {
            assertThat(client.get("/probe/open").status()).isEqualTo(200);

            Thread.sleep(3_000);

            assertThat(client.get("/probe/open").status()).isEqualTo(200);
        }
    }

    private static Socket connect() throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.6"), 0));
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), RestAssured.port), 5_000);
        socket.setSoTimeout(60_000);
        return socket;
    }

    private static boolean closedByService(Socket socket) {
        try {
            return socket.getInputStream().read() < 0;
        } catch (java.net.SocketTimeoutException open) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }
}
