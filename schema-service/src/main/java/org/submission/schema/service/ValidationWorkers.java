package org.submission.schema.service;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.submission.platform.error.ApiException;
import org.submission.platform.fairness.FairQueue;
import org.submission.schema.config.SchemaServiceSettings;

/**
 * Runs blob validations on a few threads of their own, never on an event loop (a large blob takes
 * seconds of CPU), and lets only a short queue wait for them: two worst-case blobs at once once
 * took the whole heap, so the excess is refused at once instead of waiting in memory
 * (schema-service/README.md, "Validation"). The threads and the queue are shared fairly
 * ({@link FairQueue}): one caller alone may use them all; when callers compete, turns go round
 * the callers that wait, and a caller is refused (429) for its own excess, the pod (503) only
 * when every caller holds its part. Started with the service, so bad settings stop it at once.
 */
@Startup
@ApplicationScoped
public class ValidationWorkers {

    static final int RETRY_AFTER_SECONDS = 2;
    static final String REFUSALS = "submission.caller.refusals";

    private final ExecutorService threads;
    private final FairQueue places;
    private final Counter refusals;

    @Inject
    public ValidationWorkers(SchemaServiceSettings settings, MeterRegistry registry) {
        this(settings.validationThreads(), settings.validationQueue(), registry);
    }

    ValidationWorkers(int threadCount, int queue, MeterRegistry registry) {
        this.places = new FairQueue(threadCount, queue);
        AtomicInteger count = new AtomicInteger();
        this.threads = Executors.newFixedThreadPool(threadCount, work -> {
            Thread thread = new Thread(work, "blob-validation-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        this.refusals = Counter.builder(REFUSALS).tag("share", "validation")
                .description("Requests refused with 429 because their caller held its share").register(registry);
    }

    /**
     * {@code caller} names who asks (one name per backend account or person), for its turns. A
     * validation holds its place until its work has ended, not until its request does: a client
     * that goes away does not stop a validation already running, and its memory is what the places
     * bound. A validation abandoned before its turn never starts.
     */
    public <T> Uni<T> run(String caller, Supplier<T> work) {
        return places.submit(caller, this::refusal, waited -> {
            CompletableFuture<T> result = new CompletableFuture<>();
            try {
                threads.execute(() -> {
                    try {
                        result.complete(work.get());
                    } catch (Throwable failure) {
                        result.completeExceptionally(failure);
                    }
                });
            } catch (RejectedExecutionException stopping) {
                return Uni.createFrom().failure(ApiException.unavailable("The service is stopping.", RETRY_AFTER_SECONDS));
            }
            return Uni.createFrom().completionStage(result);
        });
    }

    private Throwable refusal(FairQueue.NoPlaceReason refusal) {
        if (refusal == FairQueue.NoPlaceReason.ALL_FULL) {
            return ApiException.unavailable("Too many validations at once; try again shortly.", RETRY_AFTER_SECONDS);
        }
        refusals.increment();
        return ApiException.tooManyRequests(
                "You have as many validations under way as one caller may now; try again when one has answered.",
                RETRY_AFTER_SECONDS);
    }

    @PreDestroy
    void stop() {
        threads.shutdownNow();
    }
}
