package org.submission.policy.doi;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.submission.policy.config.DoiClientSettings;

/**
 * The DOI service's {@code /doi/manuscript} for compliance answers, and its {@code /doi/registry}
 * for the article's dates and acknowledged funders: each caller's calls in their fair share ({@link CallerShare}), then the REST client under its deadline and breaker
 * ({@link DoiServiceCalls}), with metrics ({@code policy_doi_calls_seconds{call,outcome}}). Every
 * failure (not configured, refused, down, slow, an answer too large or unreadable, the breaker
 * open) is one {@link Unavailable} naming it, which the compliance answer turns into undecided
 * verdicts, never a 5xx.
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

    private final DoiClientSettings settings;
    private final DoiServiceCalls calls;
    private final CallerShare share;
    private final MeterRegistry registry;

    public DoiServiceClient(DoiClientSettings settings, DoiServiceCalls calls, MeterRegistry registry) {
        this.settings = settings;
        this.calls = calls;
        this.registry = registry;
        this.share = new CallerShare(settings.concurrency(), settings.queue());
    }

    /**
     * The DOI's open copies, or an {@link Unavailable} failure saying why not; asked in the
     * caller's turn, or failing with a 429 or 503 {@code ApiException} when its share is full.
     */
    public Uni<OpenCopies> copies(String caller, String doi) {
        return inTurn(caller, "manuscript", () -> calls.copies(doi));
    }

    /** The registry work's dates and funders, read-only, as {@link #copies}: in the caller's turn, under the same deadline. */
    public Uni<RegistryRecord> registry(String caller, String doi) {
        return inTurn(caller, "registry", () -> calls.registry(doi));
    }

    private <T> Uni<T> inTurn(String caller, String call, Supplier<Uni<T>> guarded) {
        if (settings.url().isEmpty()) {
            return Uni.createFrom().failure(new Unavailable("the DOI service is not configured (POLICY_DOI_URL)"));
        }
        return share.run(caller, () -> timed(call, guarded));
    }

    private <T> Uni<T> timed(String call, Supplier<Uni<T>> guarded) {
        return Uni.createFrom().deferred(() -> {
            long start = System.nanoTime();
            return guarded.get()
                    .onItemOrFailure().invoke((answer, failure) -> Timer.builder("policy.doi.calls")
                            .description("calls of the DOI service's /doi/manuscript and /doi/registry")
                            .tag("call", call).tag("outcome", outcome(failure)).register(registry)
                            .record(System.nanoTime() - start, TimeUnit.NANOSECONDS))
                    .onFailure(failure -> !(failure instanceof Unavailable)).transform(failure -> new Unavailable(
                            failure instanceof CircuitBreakerOpenException ? "the DOI service is failing (breaker open)"
                                    : failure instanceof TimeoutException ? "the DOI service did not answer within "
                                    + settings.deadline().toMillis() + " ms"
                                    : "the DOI service is unreachable"));
        });
    }

    private static String outcome(Throwable failure) {
        return failure == null ? "ok" : failure instanceof Refused ? "refused_request"
                : failure instanceof CircuitBreakerOpenException ? "breaker_open"
                : failure instanceof TimeoutException ? "timeout" : failure instanceof Unavailable ? "refused" : "failed";
    }
}
