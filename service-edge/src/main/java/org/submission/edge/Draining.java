package org.submission.edge;

import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.submission.platform.http.RouteOrder;
import org.submission.platform.error.ErrorMessages;

/**
 * From the moment a service is told to stop (SIGTERM), or once the optional
 * {@code QUARKUS_SHUTDOWN_DELAY} after it has passed, every new request but the health and
 * metrics endpoints ({@code /q/*}) answers 503 and closes its connection, while the requests
 * under way finish (docs/operator-guide.md, "Upgrade"). Quarkus's own graceful shutdown only waits for
 * them: it lets new requests through, which then went upstream.
 */
@ApplicationScoped
public class Draining {

    private final Duration delay;
    private volatile boolean stopping;
    private volatile long drainFrom;

    public Draining(@ConfigProperty(name = "quarkus.shutdown.delay") Optional<Duration> delay) {
        this.delay = delay.orElse(Duration.ZERO);
    }

    void begin(@Observes ShutdownDelayInitiatedEvent event) {
        drainFrom = System.nanoTime() + delay.toNanos();
        stopping = true;
    }

    private boolean draining() {
        return stopping && System.nanoTime() - drainFrom >= 0;
    }

    void install(@Observes Router router) {
        router.route().order(RouteOrder.DRAIN).handler(this::screen);
    }

    private void screen(RoutingContext ctx) {
        if (draining() && !ctx.request().path().startsWith("/q/")) {
            ClosingRefusal.busy(ctx, 503, ErrorMessages.SHUTTING_DOWN);
            return;
        }
        ctx.next();
    }
}
