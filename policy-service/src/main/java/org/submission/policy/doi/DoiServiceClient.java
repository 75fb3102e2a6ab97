package org.submission.policy.doi;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.smallrye.faulttolerance.api.TypedGuard;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.core.http.HttpClient;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.util.TypeLiteral;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.submission.policy.config.DoiClientSettings;

/**
 * The DOI service's {@code /doi/manuscript}, with its own deadline, breaker, credentials and
 * metrics ({@code policy_doi_calls_seconds{outcome}}), each caller's calls in their fair share
 * ({@link CallerShare}). Every failure (not configured, refused, down, slow, an answer too large
 * or unreadable, the breaker open) is one {@link Unavailable} naming it, which the compliance
 * answer turns into undecided verdicts, never a 5xx. Only the DOI service's own failures count
 * towards the breaker: a 4xx about what was asked ({@link Refused}) says it works.
 */
@ApplicationScoped
public class DoiServiceClient {

    /** Why the copies are not known. */
    public static class Unavailable extends RuntimeException {
        Unavailable(String message) {
            super(message, null, false, false);
        }
    }

    /** The DOI service answered, refusing what was asked (a 4xx not about this service's account). */
    static final class Refused extends Unavailable {
        Refused(int status) {
            super("the DOI service answered " + status);
        }
    }

    private static final TypeLiteral<Uni<OpenCopies>> COPIES = new TypeLiteral<>() {
    };
    // the DOI endpoints want the XSRF double submit from every caller; any equal pair passes
    private static final String XSRF = "policy-service";

    private final DoiClientSettings settings;
    private final HttpClient client;
    private final TypedGuard<Uni<OpenCopies>> guard;
    private final CallerShare share;
    private final MeterRegistry registry;
    private final String authorization;
    private final ObjectMapper json = new ObjectMapper();

    public DoiServiceClient(DoiClientSettings settings, Vertx vertx, MeterRegistry registry) {
        this.settings = settings;
        this.registry = registry;
        // one connection per place of the callers' share: a call never waits for one inside its deadline
        this.client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true)
                .setConnectTimeout((int) settings.deadline().toMillis()).setMaxPoolSize(Math.max(1, settings.concurrency())));
        this.authorization = settings.user().map(user -> "Basic " + Base64.getEncoder().encodeToString(
                (user + ":" + settings.password().orElse("")).getBytes(StandardCharsets.UTF_8))).orElse(null);
        this.guard = TypedGuard.create(COPIES)
                .withCircuitBreaker().name("doi-service")
                .requestVolumeThreshold(settings.breakerRequestVolume())
                .failureRatio(settings.breakerFailureRatio())
                .delay(settings.breakerDelay().toMillis(), ChronoUnit.MILLIS)
                .skipOn(Refused.class)
                .done()
                .withTimeout().duration(settings.deadline().toMillis(), ChronoUnit.MILLIS).done()
                .withThreadOffload(false)
                .build();
        this.share = new CallerShare(settings.concurrency(), settings.queue());
    }

    /**
     * The DOI's open copies, or an {@link Unavailable} failure saying why not; asked in the
     * caller's turn, or failing with a 429 or 503 {@code ApiException} when its share is full.
     */
    public Uni<OpenCopies> copies(String caller, String doi) {
        if (settings.url().isEmpty()) {
            return Uni.createFrom().failure(new Unavailable("the DOI service is not configured (POLICY_DOI_URL)"));
        }
        return share.run(caller, () -> guarded(doi));
    }

    private Uni<OpenCopies> guarded(String doi) {
        return Uni.createFrom().deferred(() -> {
            long start = System.nanoTime();
            return guard.get(() -> call(doi))
                    .onItemOrFailure().invoke((copies, failure) -> Timer.builder("policy.doi.calls")
                            .description("calls of the DOI service's /doi/manuscript for compliance answers")
                            .tag("outcome", outcome(failure)).register(registry)
                            .record(System.nanoTime() - start, TimeUnit.NANOSECONDS))
                    .onFailure(failure -> !(failure instanceof Unavailable)).transform(failure -> new Unavailable(
                            failure instanceof CircuitBreakerOpenException ? "the DOI service is failing (breaker open)"
                                    : failure instanceof TimeoutException ? "the DOI service did not answer within "
                                    + settings.deadline().toMillis() + " ms"
                                    : "the DOI service is unreachable"));
        });
    }

    private Uni<OpenCopies> call(String doi) {
        String base = settings.url().orElseThrow().toString().replaceAll("/+$", "");
        RequestOptions request = new RequestOptions().setMethod(HttpMethod.GET)
                .setAbsoluteURI(base + "/doi/manuscript?doi=" + URLEncoder.encode(doi, StandardCharsets.UTF_8))
                .putHeader("Accept", "application/json")
                .putHeader("Cookie", "XSRF-TOKEN=" + XSRF).putHeader("X-XSRF-TOKEN", XSRF)
                // a backstop only: the guard's deadline ends the call first, with its own answer
                .setTimeout(2 * settings.deadline().toMillis());
        if (authorization != null) {
            request.putHeader("Authorization", authorization);
        }
        int max = settings.maxAnswerBytes();
        return client.request(request).chain(sent -> sent.send()).chain(response -> {
            int status = response.statusCode();
            if (status != 200) {
                response.request().reset();
                return Uni.createFrom().failure(aboutTheRequest(status) ? new Refused(status)
                        : new Unavailable("the DOI service answered " + status));
            }
            return response.toMulti().collect().in(Buffer::buffer, (body, chunk) -> {
                if (body.length() + chunk.length() > max) {
                    throw new Unavailable("the DOI service's answer is larger than " + max + " bytes");
                }
                body.appendBuffer(chunk);
            });
        }).map(this::read);
    }

    /**
     * A 4xx answers what was asked (the DOI, or this pod's share there: 429), not a failing service;
     * refused credentials or XSRF (401, 403, 407) and a request timeout (408) fail every caller alike.
     */
    private static boolean aboutTheRequest(int status) {
        return status >= 400 && status < 500 && status != 401 && status != 403 && status != 407 && status != 408;
    }

    private OpenCopies read(Buffer body) {
        try {
            return json.readValue(body.getBytes(), OpenCopies.class);
        } catch (IOException e) {
            throw new Unavailable("the DOI service's answer is not the manuscript list");
        }
    }

    private static String outcome(Throwable failure) {
        return failure == null ? "ok" : failure instanceof Refused ? "refused_request"
                : failure instanceof CircuitBreakerOpenException ? "breaker_open"
                : failure instanceof TimeoutException ? "timeout" : failure instanceof Unavailable ? "refused" : "failed";
    }

    @PreDestroy
    void close() {
        client.closeAndForget();
    }
}
