package org.submission.doi.client;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.logging.Log;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import io.smallrye.faulttolerance.api.TypedGuard;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.util.TypeLiteral;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.model.Doi;
import org.submission.shared.error.ApiException;

/**
 * The call discipline shared by both upstreams. Per attempt, the HTTP client's connect and read
 * timeouts apply; around the attempts come one retry with jittered backoff (connection failures
 * and 5xx only), then the overall deadline, then the circuit breaker. The deadline sits outside
 * the retry on purpose: SmallRye's {@code @Retry} wraps {@code @Timeout}, which would make the
 * deadline per attempt and let a retried call run for twice as long.
 */
final class UpstreamCall {

    private static final int RATE_LIMIT_DEFAULT_SECONDS = 5;
    private static final int RETRY_AFTER_MAX_SECONDS = 3600;

    private final String upstream;
    private final String circuitName;
    private final DoiSettings.Calls settings;
    private final Vertx vertx;
    private final ObjectReader json;
    private final TypedGuard<Uni<ObjectNode>> circuit;
    private final CircuitBreakerMaintenance circuits;

    UpstreamCall(String upstream, String circuitName, DoiSettings.Calls settings, Vertx vertx, ObjectMapper mapper,
            CircuitBreakerMaintenance circuits) {
        this.upstream = upstream;
        this.circuits = circuits;
        this.circuitName = circuitName;
        this.settings = settings;
        this.vertx = vertx;
        this.json = mapper.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        DoiSettings.CircuitBreaker breaker = settings.circuitBreaker();
        this.circuit = TypedGuard.create(new TypeLiteral<Uni<ObjectNode>>() {
                })
                .withCircuitBreaker()
                .name(circuitName)
                .requestVolumeThreshold(breaker.requestVolume())
                .failureRatio(breaker.failureRatio())
                .delay(breaker.delay().toMillis(), ChronoUnit.MILLIS)
                .when(UpstreamFailure::tripsCircuit)
                .done()
                .withThreadOffload(false)
                .build();
    }

    /** A REST client of the given interface for one upstream, its base URI with or without a trailing slash. */
    static <T> T client(Class<T> api, URI baseUri, DoiSettings settings) {
        String base = baseUri.toString();
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        String contact = settings.mailto().map(mail -> " (mailto:" + mail + ")").orElse("");
        return QuarkusRestClientBuilder.newBuilder()
                .baseUri(URI.create(base))
                .connectTimeout(settings.upstream().connectTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(settings.upstream().readTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .userAgent(settings.product() + contact)
                .followRedirects(true)
                .disableDefaultMapper(true)
                .build(api);
    }

    /** The upstream's answer as a JSON object, or a failure of type {@link UpstreamFailure} or {@link CircuitBreakerOpenException}. */
    Uni<ObjectNode> fetch(Supplier<Uni<Response>> request) {
        return Uni.createFrom().deferred(() -> circuit.get(() -> attempt(request)
                .onFailure(UpstreamFailure::retried).recoverWithUni(first -> {
                    Log.debugf("%s: retrying after %s", upstream, first.getMessage());
                    return pause(backoff()).chain(() -> attempt(request));
                })
                .ifNoItem().after(settings.deadline()).failWith(UpstreamFailure::deadline)));
    }

    private Uni<ObjectNode> attempt(Supplier<Uni<Response>> request) {
        return Uni.createFrom().deferred(request::get)
                .onFailure().transform(UpstreamFailure::transport)
                .map(this::body);
    }

    private ObjectNode body(Response response) {
        try (response) {
            int status = response.getStatus();
            if (status < 200 || status >= 300) {
                throw UpstreamFailure.status(status, response.getHeaderString("Retry-After"));
            }
            byte[] bytes = response.hasEntity() ? response.readEntity(byte[].class) : new byte[0];
            JsonNode node;
            try {
                node = bytes.length == 0 ? null : json.readTree(bytes);
            } catch (IOException e) {
                throw UpstreamFailure.badBody("unparsable body");
            }
            if (node instanceof ObjectNode object) {
                return object;
            }
            throw UpstreamFailure.badBody("body is not a JSON object");
        }
    }

    /** A pause on the caller's Vert.x context, so that the retry continues where the request runs. */
    private Uni<Void> pause(Duration delay) {
        return Uni.createFrom().emitter(emitter -> {
            long timer = vertx.setTimer(Math.max(1, delay.toMillis()), id -> emitter.complete(null));
            emitter.onTermination(() -> vertx.cancelTimer(timer));
        });
    }

    private Duration backoff() {
        double jitter = Math.min(1, Math.max(0, settings.retryJitter()));
        double factor = 1 + jitter * (2 * ThreadLocalRandom.current().nextDouble() - 1);
        return Duration.ofMillis(Math.round(settings.retryBackoff().toMillis() * factor));
    }

    /** The answer for a failure that the caller did not handle itself (rows of the spec's status table). */
    ApiException toAnswer(Throwable failure, Doi doi) {
        if (failure instanceof CircuitBreakerOpenException) {
            return ApiException.unavailable(upstream + " is failing; requests to it are paused. Try again later.",
                    seconds(settings.circuitBreaker().delay()));
        }
        if (!(failure instanceof UpstreamFailure f)) {
            Log.errorf(failure, "%s call for %s failed unexpectedly", upstream, doi);
            return new ApiException(502, "The request to " + upstream + " for DOI " + doi + " failed.");
        }
        Log.debugf("%s call for %s failed: %s %s", upstream, doi, f.kind(), f.getMessage());
        return switch (f.kind()) {
            case RATE_LIMITED -> ApiException.unavailable(upstream + " is limiting the request rate. Try again later.",
                    retryAfter(f.retryAfter()));
            case TIMEOUT -> new ApiException(504, upstream + " did not answer in time for DOI " + doi + ".");
            case CONNECTION -> new ApiException(502, upstream + " could not be reached for DOI " + doi + ".");
            case BAD_BODY -> new ApiException(502, upstream + " sent an answer for DOI " + doi + " that is not a JSON object.");
            case NOT_FOUND, REFUSED, SERVER_ERROR ->
                    new ApiException(502, upstream + " answered HTTP " + f.status() + " for DOI " + doi + ".");
        };
    }

    CircuitBreakerState circuitState() {
        return circuits.currentState(circuitName);
    }

    private static int retryAfter(String header) {
        try {
            int seconds = Integer.parseInt(header == null ? "" : header.trim());
            return Math.min(RETRY_AFTER_MAX_SECONDS, Math.max(1, seconds));
        } catch (NumberFormatException e) {
            return RATE_LIMIT_DEFAULT_SECONDS;
        }
    }

    private static int seconds(Duration duration) {
        return (int) Math.max(1, (duration.toMillis() + 999) / 1000);
    }
}
