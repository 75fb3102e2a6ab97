package org.submission.edge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.edge.TightShares.BODY;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.LoopbackClient;
import org.submission.platform.testing.RawConnection;
import org.submission.platform.testing.Requests;

/**
 * Request bodies being received ({@link TightShares}: three bodies of 1,000,000 bytes, two for one
 * client), each sent by the backend account three bytes short, as an attacker holds them.
 */
@QuarkusTest
@TestProfile(TightShares.class)
@WithTestResource(EmbeddedPostgresResource.class)
class BodyBudgetTest {

    static final String[] BACKEND = {"Authorization: " + Requests.backendAuthorization(),
            "Cookie: XSRF-TOKEN=" + Requests.XSRF, "X-XSRF-TOKEN: " + Requests.XSRF};

    @Inject
    MeterRegistry registry;

    private final List<RawConnection> open = new ArrayList<>();

    @AfterEach
    void closeAll() {
        open.forEach(RawConnection::close);
        awaitPending(pending -> pending == 0);
    }

    @Test
    void aClientPastItsShareOfBodiesBeingReceivedIsRefused429BeforeItsBodyIsRead() {
        unfinished("127.0.0.11");
        unfinished("127.0.0.11");

        RawConnection third = connect("127.0.0.11").postHead("/probe/body", BODY, BACKEND);

        assertThat(third.answerHead()).startsWith("HTTP/1.1 429").containsIgnoringCase("retry-after: 1")
                .containsIgnoringCase("content-type: application/json");
        assertThat(third.closedByService()).isTrue();
        assertThat(pending()).isEqualTo(2L * BODY);
    }

    @Test
    void bodiesPastTheServicesBudgetAreRefused503WhileOtherCallersStillGetAnswers() {
        unfinished("127.0.0.12");
        unfinished("127.0.0.12");
        unfinished("127.0.0.13");

        RawConnection fourth = connect("127.0.0.14").postHead("/probe/body", BODY, BACKEND);

        assertThat(fourth.answerHead()).startsWith("HTTP/1.1 503").containsIgnoringCase("retry-after: 1")
                .containsIgnoringCase("content-type: application/json");
        assertThat(fourth.closedByService()).isTrue();
        assertThat(pending()).isEqualTo(3L * BODY);
        try (LoopbackClient other = new LoopbackClient("127.0.0.15", RestAssured.port)) {
            assertThat(other.get("/probe/open").status()).isEqualTo(200);
        }
    }

    @Test
    void aBodyReceivedWholeIsAnsweredAndGivesItsShareBack() {
        RawConnection finished = unfinished("127.0.0.16").body(3);

        assertThat(finished.status()).isEqualTo(200);
        assertThat(awaitPending(pending -> pending == 0)).isZero();
    }

    /** A connection from {@code address} that sent a body three bytes short, once the service has counted it. */
    private RawConnection unfinished(String address) {
        long before = pending();
        RawConnection connection = connect(address).postHead("/probe/body", BODY, BACKEND);
        awaitPending(pending -> pending >= before + BODY);
        return connection.body(BODY - 3);
    }

    private RawConnection connect(String address) {
        RawConnection connection = new RawConnection(address, RestAssured.port);
        open.add(connection);
        return connection;
    }

    /** The bytes of bodies being received, as the service's gauge shows them. */
    private long pending() {
        return (long) registry.get("submission.http.body.pending").gauge().value();
    }

    /** The bytes counted once {@code reached} holds of them, or after 30 s, whatever they are then. */
    private long awaitPending(LongPredicate reached) {
        for (int i = 0; i < 300 && !reached.test(pending()); i++) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return pending();
    }
}
