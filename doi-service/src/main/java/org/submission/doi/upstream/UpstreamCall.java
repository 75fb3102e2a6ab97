package org.submission.doi.upstream;

import io.quarkus.logging.Log;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.smallrye.faulttolerance.api.TypedGuard;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import jakarta.enterprise.util.TypeLiteral;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.metrics.DoiMetrics;
import org.submission.doi.model.Doi;
import org.submission.platform.error.ApiException;

/**
 * One upstream's calls and how their failures are answered. The call discipline comes from SmallRye Fault Tolerance: the circuit breaker around
 * the overall deadline around one retry with jittered backoff (connection failures and 5xx only);
 * per attempt, the HTTP client's connect and read timeouts apply ({@link UpstreamHttp}). Two guards because one guard
 * orders retry outside timeout, which would make the deadline per attempt and let a retried call
 * run for twice as long. A failure the caller does not handle is answered as the table of answers
 * says (doi-service/README.md, "The `doi` parameter and the answers"; {@link #toAnswer}).
 */
final class UpstreamCall {

    private static final int BUSY_RETRY_SECONDS = 1;
    private static final TypeLiteral<Uni<Buffer>> BODY = new TypeLiteral<>() {
    };

    private final String upstream;
    private final DoiMetrics metrics;
    private final String circuitName;
    private final DoiSettings.Calls settings;
    private final TypedGuard<Uni<Buffer>> attempts;
    private final TypedGuard<Uni<Buffer>> call;
    private final CircuitBreakerMaintenance circuits;

    UpstreamCall(String upstream, String circuitName, DoiSettings.Calls settings, CircuitBreakerMaintenance circuits,
            DoiMetrics metrics) {
        this.upstream = upstream;
        this.metrics = metrics;
        this.circuitName = circuitName;
        this.settings = settings;
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
                    .invoke(body -> {
                        // a small answer is read in less than the round trip telling so would take
                        if (body.length() > UpstreamBody.READ_IN_PLACE) {
                            turns.answered();
                        }
                    })
                    .chain(body -> read.apply(body))
                    .onItemOrFailure().invoke((answer, failure) -> metrics.call(upstream, outcome(failure), System.nanoTime() - start));
        });
    }

    /**
     * {@link #fetch} for a DOI: empty when the upstream does not know it (its 404); any other
     * failure is the answer {@link #toAnswer} gives.
     */
    <T> Uni<Optional<T>> lookUp(Doi doi, UpstreamTurns turns, Supplier<Uni<Buffer>> request, Function<Buffer, Uni<T>> read) {
        return fetch(turns, request, read).map(Optional::of)
                .onFailure(UpstreamCall::notFound).recoverWithItem(Optional.empty())
                .onFailure().transform(failure -> toAnswer(failure, doi));
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

    /** Whether the upstream said it does not know the DOI (each client answers that its own way). */
    private static boolean notFound(Throwable failure) {
        return failure instanceof UpstreamFailure f && f.kind() == UpstreamFailure.Kind.NOT_FOUND;
    }

    /** The answer for a failure the caller does not handle itself. */
    ApiException toAnswer(Throwable failure, Doi doi) {
        if (failure instanceof ApiException answer) {
            // the turns' own refusal (rate, pause): already the answer to give
            return answer;
        }
        if (failure instanceof CircuitBreakerOpenException) {
            return ApiException.unavailable(upstream + " is failing; requests to it are paused. Try again later.",
                    seconds(settings.circuitBreaker().delay()));
        }
        if (failure instanceof TimeoutException) {
            return ApiException.gatewayTimeout(upstream + " did not answer in time for DOI " + doi + ".");
        }
        if (!(failure instanceof UpstreamFailure f)) {
            Log.errorf(failure, "%s call for %s failed unexpectedly", upstream, doi);
            return ApiException.badGateway("The request to " + upstream + " for DOI " + doi + " failed.");
        }
        Log.debugf("%s call for %s failed: %s %s", upstream, doi, f.kind(), f.getMessage());
        return switch (f.kind()) {
            case RATE_LIMITED -> ApiException.unavailable(upstream + " is limiting the request rate. Try again later.",
                    (int) UpstreamPace.retryAfterSeconds(f.retryAfter(), settings.maxPause().toSeconds()));
            case BUSY -> ApiException.unavailable("Too many requests to " + upstream + " are waiting. Try again later.",
                    BUSY_RETRY_SECONDS);
            case TIMEOUT -> ApiException.gatewayTimeout(upstream + " did not answer in time for DOI " + doi + ".");
            case CONNECTION -> ApiException.badGateway(upstream + " could not be reached for DOI " + doi + ".");
            case BAD_BODY -> ApiException.badGateway(upstream + " sent an answer for DOI " + doi + " that is not a usable JSON object.");
            case TOO_LARGE -> ApiException.badGateway(upstream + " sent an answer for DOI " + doi + " larger than "
                    + settings.maxBodySize().asLongValue() + " bytes.");
            case REDIRECTED -> ApiException.badGateway(upstream + " answered HTTP " + f.status() + " (a redirect, not followed) for DOI "
                    + doi + ".");
            case NOT_FOUND, REFUSED, SERVER_ERROR ->
                    ApiException.badGateway(upstream + " answered HTTP " + f.status() + " for DOI " + doi + ".");
        };
    }

    private static int seconds(Duration duration) {
        return (int) Math.max(1, (duration.toMillis() + 999) / 1000);
    }

    CircuitBreakerState circuitState() {
        return circuits.currentState(circuitName);
    }
}
