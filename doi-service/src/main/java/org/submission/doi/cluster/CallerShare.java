package org.submission.doi.cluster;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.function.Function;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.metrics.DoiMetrics;
import org.submission.platform.error.ApiException;
import org.submission.platform.fairness.FairQueue;

/**
 * Each caller's fair share of this pod's lookups that go past its memory (an account, or a person
 * through the proxy): DOI_LOOKUP_CONCURRENCY run at once, each holding its place until it ends
 * even when its client has left, and DOI_LOOKUP_QUEUE more wait, shared by {@link FairQueue}. One
 * caller alone may use them all; a caller's flood of new DOIs cannot book every turn under an
 * upstream's rate ahead of a newcomer, whose lookup takes the next place to free. Answers from
 * memory cost no place.
 */
@ApplicationScoped
public class CallerShare {

    private final FairQueue places;
    private final DoiMetrics metrics;

    @Inject
    public CallerShare(DoiSettings settings, DoiMetrics metrics) {
        this(settings.lookupConcurrency(), settings.lookupQueue(), metrics);
    }

    CallerShare(int concurrency, int queue, DoiMetrics metrics) {
        this.places = new FairQueue(Math.max(1, concurrency), Math.max(0, queue));
        this.metrics = metrics;
    }

    /**
     * The lookup, in the caller's turn, told whether it waited for it; 429 for the caller's own
     * excess, 503 when every caller holds its part.
     */
    <T> Uni<T> run(String caller, Function<Boolean, Uni<T>> lookup) {
        return places.submit(caller, this::refusal, lookup);
    }

    private Throwable refusal(FairQueue.NoPlaceReason refusal) {
        if (refusal == FairQueue.NoPlaceReason.ALL_FULL) {
            return ApiException.unavailable("Too many lookups at once on this instance; try again shortly.", 1);
        }
        metrics.callerRefusal();
        return ApiException.tooManyRequests("You have as many lookups under way or waiting on this instance as one caller"
                + " may now; try again when one has been answered.", 1);
    }
}
