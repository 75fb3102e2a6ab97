package org.submission.schema.service;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.submission.platform.error.ApiException;
import org.submission.schema.config.SchemaServiceSettings;

/**
 * Runs blob validations on a few threads of their own, never on an event loop (a large blob takes
 * seconds of CPU), and admits only as many as they run plus a short queue: two worst-case blobs at
 * once once took the whole heap, so the excess is refused at once instead of waiting in memory
 * (schema-service/README.md, "Validation"). Each caller may hold only its share of those slots ({@link ValidationSlots}):
 * past it, 429; past all of them, 503. Started with the service, so a bad share stops it at once.
 */
@Startup
@ApplicationScoped
public class ValidationWorkers {

    static final int RETRY_AFTER_SECONDS = 2;
    static final String REFUSALS = "submission.caller.refusals";

    private final ExecutorService threads;
    private final ValidationSlots slots;
    private final Counter refusals;

    @Inject
    public ValidationWorkers(SchemaServiceSettings settings, MeterRegistry registry) {
        this(settings.validationThreads(), settings.validationThreads() + settings.validationQueue(),
                settings.validationCallerShare(), registry);
    }

    ValidationWorkers(int threadCount, int slotCount, OptionalInt share, MeterRegistry registry) {
        this.slots = new ValidationSlots(slotCount, share.orElse(ValidationSlots.defaultShare(slotCount)));
        AtomicInteger count = new AtomicInteger();
        this.threads = Executors.newFixedThreadPool(threadCount, work -> {
            Thread thread = new Thread(work, "blob-validation-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        this.refusals = Counter.builder(REFUSALS).tag("share", "validation")
                .description("Requests refused with 429 because their caller held its share").register(registry);
    }

    /** {@code caller} names who asks (one name per backend account or person), for its share of the slots. */
    public <T> Uni<T> run(String caller, Supplier<T> work) {
        return Uni.createFrom().deferred(() -> switch (slots.take(caller)) {
            case CALLER_FULL -> {
                refusals.increment();
                yield Uni.createFrom().failure(ApiException.tooManyRequests(
                        "You have as many validations under way as one caller may; try again when one has answered.",
                        RETRY_AFTER_SECONDS));
            }
            case ALL_FULL -> Uni.createFrom().failure(ApiException.unavailable(
                    "Too many validations at once; try again shortly.", RETRY_AFTER_SECONDS));
            case ADMITTED -> submit(caller, work);
        });
    }

    /**
     * The slot is released when the work has ended, not when the request does: a client that goes
     * away does not stop a validation already running, and its memory is what the slots bound. A
     * validation abandoned before it started is skipped.
     */
    private <T> Uni<T> submit(String caller, Supplier<T> work) {
        AtomicBoolean abandoned = new AtomicBoolean();
        CompletableFuture<T> result = new CompletableFuture<>();
        try {
            threads.execute(() -> {
                T value = null;
                Throwable failure = null;
                try {
                    if (!abandoned.get()) {
                        value = work.get();
                    }
                } catch (Throwable thrown) {
                    failure = thrown;
                } finally {
                    slots.release(caller);
                }
                // completed after the release: what the caller chains on it runs on this thread, and may validate again
                if (failure != null) {
                    result.completeExceptionally(failure);
                } else if (!abandoned.get()) {
                    result.complete(value);
                }
            });
        } catch (RejectedExecutionException stopping) {
            slots.release(caller);
            return Uni.createFrom().failure(ApiException.unavailable("The service is stopping.", RETRY_AFTER_SECONDS));
        }
        return Uni.createFrom().completionStage(result).onCancellation().invoke(() -> abandoned.set(true));
    }

    /** How many slots are held now: what a test checks after failures and abandoned requests. */
    int slotsTaken() {
        return slots.taken();
    }

    @PreDestroy
    void stop() {
        threads.shutdownNow();
    }
}
