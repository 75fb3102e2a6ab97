package org.submission.schema.service;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.submission.platform.error.ApiException;
import org.submission.schema.config.SchemaServiceSettings;

/**
 * Runs blob validations on a few threads of their own, never on an event loop (a large blob takes
 * seconds of CPU), and admits only as many as they run plus a short queue: two worst-case blobs at
 * once once took the whole heap, so the excess is refused with 503 and Retry-After at once instead
 * of waiting in memory (README "Validation").
 */
@ApplicationScoped
public class ValidationWorkers {

    static final int RETRY_AFTER_SECONDS = 2;

    private final ExecutorService threads;
    private final Semaphore admitted;

    public ValidationWorkers(SchemaServiceSettings settings) {
        AtomicInteger count = new AtomicInteger();
        this.threads = Executors.newFixedThreadPool(settings.validationThreads(), work -> {
            Thread thread = new Thread(work, "blob-validation-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        this.admitted = new Semaphore(settings.validationThreads() + settings.validationQueue());
    }

    public <T> Uni<T> run(Supplier<T> work) {
        return Uni.createFrom().deferred(() -> {
            if (!admitted.tryAcquire()) {
                return Uni.createFrom().failure(ApiException.unavailable(
                        "Too many validations at once; try again shortly.", RETRY_AFTER_SECONDS));
            }
            return Uni.createFrom().item(work).runSubscriptionOn(threads).onTermination().invoke(admitted::release);
        });
    }

    @PreDestroy
    void stop() {
        threads.shutdownNow();
    }
}
