package org.submission.doi.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.junit.jupiter.api.Test;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.metrics.DoiMetrics;
import org.submission.doi.model.Doi;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.error.ApiException;
import org.submission.platform.testing.EmbeddedPostgresResource;

/**
 * One upstream's call discipline without HTTP: attempts are whatever the test makes them, so that
 * the retry, its turns, the circuit and the answers to failures are seen alone. The test settings
 * open a circuit after 3 failures in 4 calls.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
// unused here, but the same resources as the other tests: one application built and started for all
@WithTestResource(WireMockUpstreams.class)
class UpstreamCallTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final Doi DOI = Doi.parse("10.1000/call").orElseThrow();

    @Inject
    DoiSettings settings;
    @Inject
    CircuitBreakerMaintenance circuits;
    @Inject
    DoiMetrics metrics;

    /** Counts the turns asked for; each comes at once. */
    private final AtomicInteger turnsTaken = new AtomicInteger();
    private final UpstreamTurns turns = new UpstreamTurns() {
        @Override
        public Uni<Void> next() {
            turnsTaken.incrementAndGet();
            return Uni.createFrom().voidItem();
        }

        @Override
        public boolean current() {
            return true;
        }
    };

    private UpstreamCall call() {
        return new UpstreamCall("Crossref", "test-" + UUID.randomUUID(), settings.upstream(), circuits, metrics);
    }

    /** Attempts that give these outcomes in turn (a failure, or a body). */
    private static Supplier<Uni<Buffer>> attempts(Object... outcomes) {
        AtomicInteger next = new AtomicInteger();
        return () -> {
            Object outcome = outcomes[Math.min(next.getAndIncrement(), outcomes.length - 1)];
            return outcome instanceof Throwable failure ? Uni.createFrom().failure(failure)
                    : Uni.createFrom().item(Buffer.buffer((String) outcome));
        };
    }

    private static <T> T await(Uni<T> answer) {
        return answer.await().atMost(WAIT);
    }

    @Test
    void aServerErrorIsRetriedOnceInATurnOfItsOwn() {
        String body = await(call().fetch(turns, attempts(UpstreamFailure.status(503, null), "ok"),
                answer -> Uni.createFrom().item(answer.toString())));

        assertThat(body).isEqualTo("ok");
        assertThat(turnsTaken).hasValue(2);
    }

    @Test
    void aRefusalIsNotRetriedAndIsAnswered502() {
        UpstreamCall call = call();

        assertThatThrownBy(() -> await(call.fetch(turns, attempts(UpstreamFailure.status(400, null)), Uni.createFrom()::item)))
                .satisfies(failure -> assertThat(call.toAnswer(failure, DOI).status()).isEqualTo(502));
        assertThat(turnsTaken).hasValue(1);
    }

    @Test
    void aTurnRefusedOnTheWayIsTheAnswerAsItIs() {
        ApiException noTurn = ApiException.unavailable("no turn", 3);
        UpstreamTurns refusing = new UpstreamTurns() {
            @Override
            public Uni<Void> next() {
                return Uni.createFrom().failure(noTurn);
            }

            @Override
            public boolean current() {
                return true;
            }
        };
        UpstreamCall call = call();

        assertThatThrownBy(() -> await(call.fetch(refusing, attempts("ok"), Uni.createFrom()::item)))
                .satisfies(failure -> assertThat(call.toAnswer(failure, DOI)).isSameAs(noTurn));
    }

    @Test
    void failingCallsOpenTheCircuitWhichIsAnswered503WithoutAnAttempt() {
        UpstreamCall call = call();
        for (int i = 0; i < 4; i++) {
            assertThatThrownBy(() -> await(call.fetch(turns, attempts(UpstreamFailure.status(500, null)), Uni.createFrom()::item)))
                    .as("call %d, before the circuit opens", i).satisfies(failure -> assertKind(failure, UpstreamFailure.Kind.SERVER_ERROR));
        }
        assertThat(turnsTaken).as("each failing call retried once").hasValue(8);
        int attemptsBefore = turnsTaken.get();

        Throwable open = catchFailure(() -> await(call.fetch(turns, attempts("ok"), Uni.createFrom()::item)));

        assertThat(open).isInstanceOf(CircuitBreakerOpenException.class);
        assertThat(turnsTaken).hasValue(attemptsBefore);
        ApiException answer = call.toAnswer(open, DOI);
        assertThat(List.of(String.valueOf(answer.status()), answer.headers().get("Retry-After"))).containsExactly("503", "60");
    }

    @Test
    void aBodyThatCannotBeReadIsNeitherRetriedNorCountedAgainstTheCircuit() {
        UpstreamCall call = call();
        for (int i = 0; i < 4; i++) {
            assertThatThrownBy(() -> await(call.fetch(turns, attempts("x"),
                    answer -> Uni.createFrom().failure(UpstreamFailure.badBody("unreadable")))))
                    .as("call %d", i).satisfies(failure -> assertKind(failure, UpstreamFailure.Kind.BAD_BODY));
        }

        String body = await(call.fetch(turns, attempts("ok"), answer -> Uni.createFrom().item(answer.toString())));

        assertThat(turnsTaken).hasValue(5);
        assertThat(body).isEqualTo("ok");
    }

    private static void assertKind(Throwable failure, UpstreamFailure.Kind kind) {
        assertThat(failure).isInstanceOfSatisfying(UpstreamFailure.class, upstream -> assertThat(upstream.kind()).isEqualTo(kind));
    }

    private static Throwable catchFailure(Runnable action) {
        try {
            action.run();
            return null;
        } catch (Throwable failure) {
            return failure;
        }
    }
}
