package org.submission.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.RawConnection;
import org.submission.platform.testing.Requests;

/** A body declared over the largest ({@code quarkus.http.limits.max-body-size}, 1M) is refused on its head and its connection closed. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class OversizedBodyTest {

    @Test
    void aDeclaredBodyOverTheLimitIsRefused413AndItsConnectionClosedByTheService() {
        try (RawConnection backend = new RawConnection("127.0.0.19", RestAssured.port)) {
            backend.postHead("/probe/body", 2 * 1024 * 1024, "Authorization: " + Requests.backendAuthorization());

            assertThat(backend.status()).isEqualTo(413);
            assertThat(backend.closedByService()).isTrue();
        }
    }
}
