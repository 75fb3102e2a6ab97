package org.submission.doi.client;

import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.smallrye.faulttolerance.api.TypedGuard;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import jakarta.enterprise.util.TypeLiteral;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.health.DoiMetrics;
import org.submission.doi.model.Doi;
import org.submission.platform.error.ApiException;

/**
 * The call discipline of one upstream, from SmallRye Fault Tolerance: the circuit breaker around
 * the overall deadline around one retry with jittered backoff (connection failures and 5xx only);
 * per attempt, the HTTP client's connect and read timeouts apply ({@link UpstreamHttp}). Two guards because one guard
 * orders retry outside timeout, which would make the deadline per attempt and let a retried call
 * run for twice as long.
 */
final class UpstreamCall {

    private static final TypeLiteral<Uni<Buffer>> BODY = new TypeLiteral<>() {
    };

    private final String upstream;
    private final DoiMetrics metrics;
    private final String circuitName;
    private final UpstreamAnswers answers;
    private final TypedGuard<Uni<Buffer>> attempts;
    private final TypedGuard<Uni<Buffer>> call;
    private final CircuitBreakerMaintenance circuits;

    UpstreamCall(String upstream, String circuitName, DoiSettings.Calls settings, CircuitBreakerMaintenance circuits,
            DoiMetrics metrics) {
        this.upstream = upstream;
        this.metrics = metrics;
        this.circuitName = circuitName;
        this.answers = new UpstreamAnswers(upstream, settings);
        this.circuits = circuits;
        long backoff = Math.max(1, settings.retryBackoff().toMillis());
        long jitter = Math.round(backoff * Math.min(1, Math.max(0, settings.retryJitter())));
        this.attempts = TypedGuard.create(BODY)
                .withRetry().maxRetries(1).delay(backoff, ChronoUnit.MILLIS).jitter(jitter, ChronoUnit.MILLIS)
                .whenException(UpstreamFailure::retried).done()
                .withThreadOffload(false)
                .build();
        DoiSettings.CircuitBreaker breaker = settings.circuitBreaker();
        this.call = TypedGuard.create(BODY)
                .withCircuitBreaker().name(circuitName)
                .requestVolumeThreshold(breaker.requestVolume())
                .failureRatio(breaker.failureRatio())
                .delay(breaker.delay().toMillis(), ChronoUnit.MILLIS)
                .when(failure -> failure instanceof TimeoutException || UpstreamFailure.tripsCircuit(failure))
                .done()
                .withTimeout().duration(settings.deadline().toMillis(), ChronoUnit.MILLIS).done()
                .withThreadOffload(false)
                .build();
    }

    /**
     * The upstream's answer as {@code read} makes it of the body, or a failure: {@link UpstreamFailure}, the guards'
     * own (open circuit, deadline), or the turns' refusal, for {@link #toAnswer} unless the caller
     * handles it. Each attempt, the retry too, waits for a turn of its own under the upstream's rate.
     * A body that cannot be read is neither retried nor counted against the circuit, so it is read after both.
     */
    <T> Uni<T> fetch(UpstreamTurns turns, Supplier<Uni<Buffer>> request, Function<Buffer, Uni<T>> read) {
        return Uni.createFrom().deferred(() -> {
            long start = System.nanoTime();
            return call.get(() -> attempts.get(() -> turns.next().chain(() -> attempt(request))))
                    .chain(body -> read.apply(body))
                    .onItemOrFailure().invoke((answer, failure) -> metrics.call(upstream, outcome(failure), System.nanoTime() - start));
        });
    }

    private static String outcome(Throwable failure) {
        if (failure == null) {
            return "ok";
        }
        if (failure instanceof UpstreamFailure f) {
            return f.kind().name().toLowerCase(Locale.ROOT);
        }
        return failure instanceof CircuitBreakerOpenException ? "circuit_open"
                : failure instanceof TimeoutException ? "timeout" : "failed";
    }

    private Uni<Buffer> attempt(Supplier<Uni<Buffer>> request) {
        // a turn refused on the way (UpstreamTurns) is already an answer, not a transport failure
        return Uni.createFrom().deferred(request::get)
                .onFailure(failure -> !(failure instanceof ApiException)).transform(UpstreamFailure::of);
    }

    /** The answer for a failure the caller does not handle itself. */
    ApiException toAnswer(Throwable failure, Doi doi) {
        return answers.of(failure, doi);
    }

    CircuitBreakerState circuitState() {
        return circuits.currentState(circuitName);
    }
}
