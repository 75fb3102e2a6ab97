package org.submission.doi.service;

import org.submission.doi.client.UpstreamPace;
import org.submission.doi.health.DoiMetrics;
import org.submission.platform.error.ApiException;

/** The 503s of the upstream's rate (a pause it asked for, no turn in time), counted. */
final class RateRefusals {

    private final String upstream;
    private final UpstreamPace pace;
    private final DoiMetrics metrics;

    RateRefusals(String upstream, UpstreamPace pace, DoiMetrics metrics) {
        this.upstream = upstream;
        this.pace = pace;
        this.metrics = metrics;
    }

    /** A pause learnt from another pod (the database) is kept here too. */
    ApiException pausedElsewhere(long millis) {
        pace.pauseFor(millis);
        return paused(millis);
    }

    ApiException paused(long millis) {
        metrics.rateRefusal(upstream, "paused");
        return ApiException.unavailable(upstream + " is limiting the request rate. Try again later.", Delays.seconds(millis));
    }

    ApiException noTurn(long millis) {
        metrics.rateRefusal(upstream, "no_turn");
        return ApiException.unavailable("Too many requests to " + upstream
                + " are waiting for a turn under its rate limit. Try again later.", Delays.seconds(millis));
    }
}
