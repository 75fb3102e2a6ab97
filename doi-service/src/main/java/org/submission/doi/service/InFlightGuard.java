package org.submission.doi.service;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.submission.doi.model.Doi;
import org.submission.shared.error.ApiException;

/**
 * One piece of work per DOI at a time on this instance (seed limit 1). The mark is taken with
 * one atomic putIfAbsent, so two simultaneous requests cannot both win, and dropped when the
 * work ends in any way: item, failure, or cancellation because the client went away.
 */
@ApplicationScoped
public class InFlightGuard {

    private final Map<String, Object> inFlight = new ConcurrentHashMap<>();

    /** Runs the work unless work for the same DOI is running; then fails at once with 429. */
    public <T> Uni<T> exclusive(Doi doi, Supplier<Uni<T>> work) {
        return Uni.createFrom().deferred(() -> {
            Object mark = new Object();
            if (inFlight.putIfAbsent(doi.key(), mark) != null) {
                return Uni.createFrom().failure(alreadyActive(doi));
            }
            Uni<T> running;
            try {
                running = work.get();
            } catch (RuntimeException e) {
                inFlight.remove(doi.key(), mark);
                throw e;
            }
            return running.onTermination().invoke(() -> inFlight.remove(doi.key(), mark));
        });
    }

    /** Whether work for this DOI key is running. */
    public boolean busy(String key) {
        return inFlight.containsKey(key);
    }

    private static ApiException alreadyActive(Doi doi) {
        return new ApiException(429, "There is already an active request for " + doi + "; try again later.",
                Map.of("Retry-After", "1"));
    }
}
