package org.submission.doi.cluster;

import java.time.Duration;
import org.submission.doi.config.DoiSettings;

/**
 * The times and bounds of the coordination across pods, read once from the settings
 * (doi-service/README.md, "Across pods"; docs/settings.md, "DOI service").
 *
 * @param margin 1 plus DOI_UPSTREAM_RATE_MARGIN: how much wider than announced calls are spaced
 * @param defaultSpacingMillis the spacing of DOI_UPSTREAM_DEFAULT_RATE with the margin; 0: no rate
 */
record ClusterTimes(Duration ttl, Duration notFoundTtl, long leaseMillis, double margin, long defaultSpacingMillis,
                   long maxWaitMillis, long maxSpacingMillis, Duration coordinationTimeout) {

    /** The longest lease: a pod that dies mid-lookup blocks its DOI at most this long. */
    static final long MAX_LEASE_MILLIS = 30_000;

    static ClusterTimes of(DoiSettings settings) {
        Duration ttl = settings.cache().ttl().isNegative() ? Duration.ZERO : settings.cache().ttl();
        Duration notFound = settings.cache().notFoundTtl();
        int rate = settings.upstream().defaultRate();
        double margin = 1 + Math.max(0, settings.upstream().rateMargin());
        return new ClusterTimes(ttl, notFound.isNegative() ? Duration.ZERO : notFound.compareTo(ttl) > 0 ? ttl : notFound,
                Math.max(1, Math.min(MAX_LEASE_MILLIS, settings.leaseTimeout().toMillis())), margin,
                rate <= 0 ? 0 : (long) Math.ceil(1000 * margin / rate),
                Math.max(0, settings.upstream().rateWait().toMillis()), Math.max(1, settings.upstream().maxSpacing().toMillis()),
                settings.coordinationTimeout());
    }

    /** An announced spacing as the pods keep it: widened by the margin, at most the widest allowed; null stays null. */
    Long widened(Long announcedMillis) {
        return announcedMillis == null ? null : Math.min(maxSpacingMillis, (long) Math.ceil(announcedMillis * margin));
    }

    /**
     * How late after its turn a call may still go out: the margin's share of the spacing in effect.
     * Turns are that much further apart than the rate needs, so calls that each go out within it
     * still keep the rate, however the delays fall.
     */
    long slackMillis(long spacingMillis) {
        return (long) Math.floor(spacingMillis - spacingMillis / margin);
    }
}
