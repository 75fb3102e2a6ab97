package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.RawConnection;
import org.submission.platform.testing.Requests;

/** The dry run is the backend account's: a person is refused on the request's head, and the candidate is never read. */
@QuarkusTest
@WithTestResource(PolicyTestDatabase.class)
class DryRunRightTest {

    @Test
    void aPersonsDryRunIsRefused403BeforeItsBodyIsSent() {
        try (RawConnection person = new RawConnection("127.0.0.19", RestAssured.port)) {
            person.postHead("/policy/rules/dry-run", 900_000, "Content-Type: application/yaml",
                    "X-Proxy-Secret: " + Requests.PROXY_SECRET, "Eppn: ada@elsewhere.org",
                    "Cookie: XSRF-TOKEN=" + Requests.XSRF, "X-XSRF-TOKEN: " + Requests.XSRF);

            assertThat(person.status()).isEqualTo(403);
        }
    }
}
