package org.submission.edge;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.submission.platform.error.ErrorPathReady;
import org.submission.platform.http.PathAliases;
import org.submission.platform.http.RouteOrder;
import org.submission.platform.security.ClientAddress;

/**
 * The bytes of request bodies being received, as {@link WriteBudget} bounds the answers being sent:
 * a request with a body takes its declared length (the largest body when it is sent in chunks) from
 * {@code submission.http.body-budget} and from its client's share of it when its head comes, before
 * a byte of the body is read, and gives it back when its answer ends or its connection closes. Past
 * the share it is answered 429, past the budget 503, both with Retry-After, and its connection is
 * closed with the body unread. The client is the one {@link ClientAddress} names: behind the ingress,
 * the address it forwards. Upstream: Quarkus does not bound the bodies it buffers together; none filed.
 */
@ApplicationScoped
public class BodyBudget {

    static final String CLIENT_BUSY = "Your requests' bodies still being received hold your share; send fewer at once.";
    static final String BUSY = "The service is busy receiving request bodies; try again shortly.";

    private final long budget;
    private final long share;
    private final long largest;
    private final ClientAddress clients;
    private final AtomicLong pending = new AtomicLong();
    private final Map<String, Long> perClient = new ConcurrentHashMap<>();
    private final Counter refusals;

    public BodyBudget(BodyLimits limits, ClientAddress clients, MeterRegistry registry,
                      @ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize largest) {
        this.budget = limits.bodyBudget().asLongValue();
        this.share = limits.bodyBudgetPerClient().asLongValue();
        this.largest = largest.asLongValue();
        this.clients = clients;
        this.refusals = Counter.builder("submission.http.body.budget.refusals")
                .description("Requests refused before their body was read because bodies being received held the budget")
                .register(registry);
        Gauge.builder("submission.http.body.pending", pending, AtomicLong::get).baseUnit("bytes")
                .description("Bytes of request bodies being received, counted from their heads, all requests together")
                .register(registry);
    }

    void install(@Observes Router router) {
        // a refusal is written while memory is short: nothing of it may load then (ErrorPathReady)
        ErrorPathReady.initialise(List.of(ClosingRefusal.class));
        router.route().order(RouteOrder.BODY_BUDGET).handler(this::admit);
    }

    private void admit(RoutingContext ctx) {
        long size = PathAliases.rerouted(ctx) ? 0 : size(ctx.request());
        if (size == 0) {
            ctx.next();
            return;
        }
        String client = clients.of(ctx);
        int refusal = reserve(client, size);
        if (refusal != 0) {
            refusals.increment();
            ClosingRefusal.busy(ctx, refusal, refusal == 429 ? CLIENT_BUSY : BUSY);
            return;
        }
        ctx.addEndHandler(ended -> release(client, size));
        ctx.next();
    }

    /**
     * What the body may hold: its declared length (the screen refused one over the largest), or the
     * largest for one sent in chunks.
     */
    private long size(HttpServerRequest request) {
        String length = request.getHeader("Content-Length");
        if (length != null) {
            try {
                return Math.min(Math.max(Long.parseLong(length.trim()), 0), largest);
            } catch (NumberFormatException e) {
                return largest;
            }
        }
        return request.getHeader("Transfer-Encoding") != null ? largest : 0;
    }

    /** Takes {@code size} for {@code client}; 0, or the status of the refusal when it does not fit. */
    private int reserve(String client, long size) {
        int[] refusal = new int[1];
        perClient.compute(client, (key, held) -> {
            long before = held == null ? 0 : held;
            // a client that holds nothing always has room for one body, whatever its share
            if (before > 0 && before + size > share) {
                refusal[0] = 429;
                return held;
            }
            if (pending.addAndGet(size) > budget) {
                pending.addAndGet(-size);
                refusal[0] = 503;
                return held;
            }
            return before + size;
        });
        return refusal[0];
    }

    private void release(String client, long size) {
        perClient.computeIfPresent(client, (key, held) -> held == size ? null : held - size);
        pending.addAndGet(-size);
    }
}
