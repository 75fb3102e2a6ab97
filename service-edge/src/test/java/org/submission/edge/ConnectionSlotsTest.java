package org.submission.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.LoopbackClient;
import org.submission.platform.testing.RawConnection;

/**
 * One address's share of the connections counted from accept ({@link TightShares}: five per
 * address, and one more let in to be told so; silent connections stay open until closed).
 */
@QuarkusTest
@TestProfile(TightShares.class)
@WithTestResource(EmbeddedPostgresResource.class)
class ConnectionSlotsTest {

    private final List<RawConnection> open = new ArrayList<>();

    @BeforeEach
    void serviceHasAnswered() {
        // the listening socket is watched from the service's first request on
        try (LoopbackClient first = new LoopbackClient("127.0.0.30", RestAssured.port)) {
            assertThat(first.get("/probe/open").status()).isEqualTo(200);
        }
    }

    @AfterEach
    void closeAll() {
        open.forEach(RawConnection::close);
    }

    @Test
    void aConnectionRefusedPastItsAddressShareIsClosedByTheServiceAfterIts429() {
        for (int i = 0; i < 5; i++) {
            assertThat(connect("127.0.0.31").get("/probe/open").status()).isEqualTo(200);
        }
        RawConnection sixth = connect("127.0.0.31").get("/probe/open");

        assertThat(sixth.status()).isEqualTo(429);
        assertThat(sixth.closedByService()).isTrue();
    }

    @Test
    void silentConnectionsCountAgainstTheirAddressFromTheMomentTheyAreAccepted() {
        for (int i = 0; i < 5; i++) {
            connect("127.0.0.32");
        }
        RawConnection sixth = connect("127.0.0.32").get("/probe/open");

        assertThat(sixth.status()).isEqualTo(429);
    }

    @Test
    void anAddressThatKeepsReconnectingHoldsNoMoreThanItsShareWhileAnotherStillConnects() {
        for (int i = 0; i < 40; i++) {
            connect("127.0.0.33");
        }

        Map<Integer, Integer> statuses = new TreeMap<>();
        open.forEach(connection -> statuses.merge(statusOf(connection), 1, Integer::sum));

        assertThat(statuses).isEqualTo(Map.of(200, 5, 429, 1, 0, 34));
        try (LoopbackClient other = new LoopbackClient("127.0.0.34", RestAssured.port)) {
            assertThat(other.get("/probe/open").status()).isEqualTo(200);
        }
        open.forEach(RawConnection::close);
        assertThat(servedAgain("127.0.0.33")).as("the address's share, once it closed the six it held").isTrue();
    }

    /**
     * Whether five new connections from {@code address} are served within 30 s: the service counts
     * a closed connection out once it has seen the close, so until then a new one may be refused.
     */
    private boolean servedAgain(String address) {
        for (int attempt = 0; attempt < 300; attempt++) {
            List<RawConnection> again = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                again.add(connect(address));
            }
            if (again.stream().allMatch(connection -> statusOf(connection) == 200)) {
                return true;
            }
            again.forEach(RawConnection::close);
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    /** The status of a GET on {@code connection}; 0 when the service had closed it. */
    private static int statusOf(RawConnection connection) {
        try {
            return connection.get("/probe/open").status();
        } catch (UncheckedIOException closed) {
            return 0;
        }
    }

    private RawConnection connect(String address) {
        RawConnection connection = new RawConnection(address, RestAssured.port);
        open.add(connection);
        return connection;
    }
}
