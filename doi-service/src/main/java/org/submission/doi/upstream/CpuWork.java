package org.submission.doi.upstream;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.function.Supplier;

/**
 * CPU work proportional to an upstream answer's size (reading a large body, the abstract's
 * conversion, the answer's normalisation) off the event loop, on a worker pool of half the cores: a hostile answer then
 * never holds an event loop, and the loops keep the other half for every other request. The
 * result comes back on the caller's Vert.x context, where the database session lives. The queue
 * is bounded by the upstream calls that can be in flight (each upstream's pool and waiting calls).
 */
@ApplicationScoped
public class CpuWork {

    static final int THREADS = Math.max(1, Runtime.getRuntime().availableProcessors() / 2);

    private final WorkerExecutor workers;

    public CpuWork(Vertx vertx) {
        this.workers = vertx.createSharedWorkerExecutor("doi-cpu", THREADS);
    }

    public <T> Uni<T> run(Supplier<T> work) {
        return Uni.createFrom().completionStage(() -> workers.executeBlocking(work::get, false).toCompletionStage());
    }
}
