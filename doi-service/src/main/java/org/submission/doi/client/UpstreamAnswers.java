package org.submission.doi.client;

import io.quarkus.logging.Log;
import java.time.Duration;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.model.Doi;
import org.submission.platform.error.ApiException;

/** The spec's upstream outcome table: how a failed call to a named upstream is answered. */
final class UpstreamAnswers {

    private static final int BUSY_RETRY_SECONDS = 1;

    private final String upstream;
    private final DoiSettings.Calls settings;

    UpstreamAnswers(String upstream, DoiSettings.Calls settings) {
        this.upstream = upstream;
        this.settings = settings;
    }

    /** Whether the upstream said it does not know the DOI (each client answers that its own way). */
    static boolean notFound(Throwable failure) {
        return failure instanceof UpstreamFailure f && f.kind() == UpstreamFailure.Kind.NOT_FOUND;
    }

    ApiException of(Throwable failure, Doi doi) {
        if (failure instanceof ApiException answer) {
            // the turns' own refusal (rate, pause): already the answer to give
            return answer;
        }
        if (failure instanceof CircuitBreakerOpenException) {
            return ApiException.unavailable(upstream + " is failing; requests to it are paused. Try again later.",
                    seconds(settings.circuitBreaker().delay()));
        }
        if (failure instanceof TimeoutException) {
            return ApiException.gatewayTimeout(upstream + " did not answer in time for DOI " + doi + ".");
        }
        if (!(failure instanceof UpstreamFailure f)) {
            Log.errorf(failure, "%s call for %s failed unexpectedly", upstream, doi);
            return ApiException.badGateway("The request to " + upstream + " for DOI " + doi + " failed.");
        }
        Log.debugf("%s call for %s failed: %s %s", upstream, doi, f.kind(), f.getMessage());
        return switch (f.kind()) {
            case RATE_LIMITED -> ApiException.unavailable(upstream + " is limiting the request rate. Try again later.",
                    retryAfter(f.retryAfter()));
            case BUSY -> ApiException.unavailable("Too many requests to " + upstream + " are waiting. Try again later.",
                    BUSY_RETRY_SECONDS);
            case TIMEOUT -> ApiException.gatewayTimeout(upstream + " did not answer in time for DOI " + doi + ".");
            case CONNECTION -> ApiException.badGateway(upstream + " could not be reached for DOI " + doi + ".");
            case BAD_BODY -> ApiException.badGateway(upstream + " sent an answer for DOI " + doi + " that is not a usable JSON object.");
            case TOO_LARGE -> ApiException.badGateway(upstream + " sent an answer for DOI " + doi + " larger than "
                    + settings.maxBodySize().asLongValue() + " bytes.");
            case REDIRECTED -> ApiException.badGateway(upstream + " answered HTTP " + f.status() + " (a redirect, not followed) for DOI "
                    + doi + ".");
            case NOT_FOUND, REFUSED, SERVER_ERROR ->
                    ApiException.badGateway(upstream + " answered HTTP " + f.status() + " for DOI " + doi + ".");
        };
    }

    private static int retryAfter(String header) {
        return UpstreamPace.retryAfterSeconds(header);
    }

    private static int seconds(Duration duration) {
        return (int) Math.max(1, (duration.toMillis() + 999) / 1000);
    }
}
