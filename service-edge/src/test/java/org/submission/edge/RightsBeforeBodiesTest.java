package org.submission.edge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.edge.TightShares.BODY;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.RawConnection;
import org.submission.platform.testing.Requests;

/** A caller without the right to an endpoint is refused on the request's head: the service never waits for its body. */
@QuarkusTest
@TestProfile(TightShares.class)
@WithTestResource(EmbeddedPostgresResource.class)
class RightsBeforeBodiesTest {

    @Test
    void aPersonsPostToABackendOnlyResourceIsRefused403BeforeItsBodyIsSent() {
        try (RawConnection person = new RawConnection("127.0.0.17", RestAssured.port)) {
            person.postHead("/probe/body/backend-only", BODY, "X-Proxy-Secret: " + Requests.PROXY_SECRET,
                    "Eppn: ada@elsewhere.org", "Cookie: XSRF-TOKEN=" + Requests.XSRF, "X-XSRF-TOKEN: " + Requests.XSRF);

            assertThat(person.status()).isEqualTo(403);
        }
    }

    @Test
    void aPostWithoutTheXsrfEchoIsRefused403BeforeItsBodyIsSent() {
        try (RawConnection backend = new RawConnection("127.0.0.18", RestAssured.port)) {
            backend.postHead("/probe/body", BODY, "Authorization: " + Requests.backendAuthorization());

            assertThat(backend.status()).isEqualTo(403);
        }
    }
}
