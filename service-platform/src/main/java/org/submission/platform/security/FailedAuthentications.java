package org.submission.platform.security;

import com.github.benmanes.caffeine.cache.Ticker;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.logging.Log;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import org.submission.platform.error.LogThrottle;
import org.submission.platform.error.RetryAfter;
import org.submission.platform.error.RouterErrors;
import org.submission.platform.http.RouteOrder;

/**
 * Slows online guessing of the backend password and the proxy secret: each failed authentication is
 * counted ({@code submission.auth.failures}, tagged with the credential) and charged to the client's
 * address ({@link ClientAddress}); while {@link AuthThrottle} holds an address under a penalty, a
 * request from it that carries credentials gets {@code 429} with {@code Retry-After} before they are
 * looked at, the right ones too, so that a guesser learns nothing during the penalty. Requests
 * without credentials, and other addresses, are never held up. The WARN lines are at most one a
 * minute per address and {@link #LINES_PER_MINUTE} in all, so that a spray of addresses cannot
 * flood the log either; they name the address and counts, never what was sent.
 */
@ApplicationScoped
public class FailedAuthentications {

    static final int LINES_PER_MINUTE = 20;

    private final AuthThrottle throttle;
    private final ClientAddress clients;
    private final ProxySettings proxy;
    private final Counter basic;
    private final Counter proxySecret;
    private final LogThrottle lines = new LogThrottle(Duration.ofMinutes(1), LINES_PER_MINUTE);

    public FailedAuthentications(AuthThrottleSettings settings, ClientAddress clients, ProxySettings proxy,
                                 MeterRegistry registry) {
        this.throttle = new AuthThrottle(settings, Ticker.systemTicker());
        this.clients = clients;
        this.proxy = proxy;
        this.basic = counter(registry, "basic");
        this.proxySecret = counter(registry, "proxy-secret");
    }

    private static Counter counter(MeterRegistry registry, String credential) {
        return Counter.builder("submission.auth.failures").tag("credential", credential)
                .description("Failed authentications (a wrong Basic account or password, a wrong proxy secret)")
                .register(registry);
    }

    void install(@Observes Router router) {
        router.route().order(RouteOrder.AUTH_THROTTLE).handler(this::refuseWhilePenalised);
    }

    private void refuseWhilePenalised(RoutingContext context) {
        if (!carriesCredentials(context)) {
            context.next();
            return;
        }
        Duration refusal = throttle.refusal(clients.of(context));
        if (refusal.isZero()) {
            context.next();
            return;
        }
        context.response().putHeader("Retry-After", String.valueOf(RetryAfter.seconds(refusal)));
        RouterErrors.write(context, 429, "Too many failed authentications from your address: retry after "
                + RetryAfter.seconds(refusal) + " s.");
    }

    private boolean carriesCredentials(RoutingContext context) {
        return context.request().getHeader("Authorization") != null
                || proxy.auth() && context.request().getHeader(proxy.secretHeader()) != null;
    }

    /** A wrong Basic account or password. */
    void basicFailed(RoutingContext context) {
        failed(context, basic);
    }

    /** A proxy secret header that is not the secret. */
    void proxySecretFailed(RoutingContext context) {
        failed(context, proxySecret);
    }

    private void failed(RoutingContext context, Counter counter) {
        counter.increment();
        AuthThrottle.Failure failure = throttle.failed(clients.of(context));
        if (failure.reportDue() && lines.allowed(leftOut -> Log.warnf(
                "Failed authentications: %d more addresses' lines were left out in the last minute", leftOut))) {
            Log.warnf("Failed authentications from %s: %d since the last line about it%s", failure.address(),
                    failure.unreported(), failure.refusedFor().isZero() ? ""
                            : "; its credentials are refused for " + RetryAfter.seconds(failure.refusedFor()) + " s");
        }
    }
}
