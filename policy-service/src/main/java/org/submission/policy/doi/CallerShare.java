package org.submission.policy.doi;

import io.smallrye.mutiny.Uni;
import java.util.function.Supplier;
import org.submission.platform.error.ApiException;
import org.submission.platform.fairness.FairQueue;

/**
 * Each caller's fair share of this pod's DOI service calls (a person, or a backend account),
 * shared by {@link FairQueue}: one caller alone may use every place, a newcomer takes the next to
 * free, so one person's flood waits behind itself rather than in front of everyone at the DOI
 * service, where it would outlast the deadline and open the breaker for all. A call's deadline
 * starts with its turn.
 */
final class CallerShare {

    private final FairQueue places;

    CallerShare(int concurrency, int queue) {
        this.places = new FairQueue(Math.max(1, concurrency), Math.max(0, queue));
    }

    /** The call in the caller's turn; 429 for the caller's own excess, 503 when every caller holds its part. */
    <T> Uni<T> run(String caller, Supplier<Uni<T>> call) {
        return places.submit(caller, CallerShare::refusal, waited -> call.get());
    }

    private static Throwable refusal(FairQueue.NoPlaceReason refusal) {
        if (refusal == FairQueue.NoPlaceReason.ALL_FULL) {
            return ApiException.unavailable("Too many DOI lookups at once on this instance; try again shortly.", 1);
        }
        return ApiException.tooManyRequests("You have as many DOI lookups under way or waiting on this instance as one"
                + " caller may now; try again when one has been answered.", 1);
    }
}
