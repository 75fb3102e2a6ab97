package org.submission.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.RawConnection;

/** Once the service is told to stop, a new request is answered 503 and its connection closed by the service. */
@QuarkusTest
@TestProfile(DrainingTest.Stopping.class)
@WithTestResource(EmbeddedPostgresResource.class)
class DrainingTest {

    /** An application of its own: it drains from this test on. */
    public static class Stopping implements QuarkusTestProfile {
    }

    @Inject
    Draining draining;

    @Test
    void aRequestWhileDrainingIsRefused503AndItsConnectionClosedByTheService() {
        draining.begin(new ShutdownDelayInitiatedEvent());
        try (RawConnection client = new RawConnection("127.0.0.21", RestAssured.port)) {
            client.get("/probe/open");

            assertThat(client.status()).isEqualTo(503);
            assertThat(client.closedByService()).isTrue();
        }
    }
}
