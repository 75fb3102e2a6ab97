package org.submission.doi.cluster;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.metrics.DoiMetrics;
import org.submission.platform.error.ApiException;

/**
 * Each caller's share of this pod's lookups that go past its memory (an account, or a person
 * through the proxy): at most DOI_CALLER_SHARE under way, each counting until it ends even when its
 * client has left, so that one caller's flood of new DOIs cannot book every turn under an
 * upstream's rate ahead of everyone else. Answers from memory cost no share. A caller holding none
 * has no entry, so the map is as large as the callers with lookups under way.
 */
@ApplicationScoped
public class CallerShare {

    private final Map<String, Integer> held = new ConcurrentHashMap<>();
    private final int share;
    private final DoiMetrics metrics;

    @Inject
    public CallerShare(DoiSettings settings, DoiMetrics metrics) {
        this(settings.callerShare(), metrics);
    }

    CallerShare(int share, DoiMetrics metrics) {
        this.share = Math.max(1, share);
        this.metrics = metrics;
    }

    /** Takes one of the caller's share; the 429 to answer when it has none left. */
    ApiException take(String caller) {
        boolean[] taken = {false};
        held.compute(caller, (name, count) -> {
            int now = count == null ? 0 : count;
            if (now >= share) {
                return count;
            }
            taken[0] = true;
            return now + 1;
        });
        if (taken[0]) {
            return null;
        }
        metrics.callerRefusal();
        return ApiException.tooManyRequests("You have " + share
                + " lookups under way on this instance; try again when one has been answered.", 1);
    }

    void giveBack(String caller) {
        held.computeIfPresent(caller, (name, count) -> count <= 1 ? null : count - 1);
    }
}
