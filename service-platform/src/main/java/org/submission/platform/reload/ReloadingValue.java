package org.submission.platform.reload;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.jboss.logging.Logger;

/**
 * A value parsed from a file or folder an operator may change while the service runs (a mounted
 * ConfigMap): re-read within one polling period on a thread of its own, never on an event loop,
 * and swapped as one immutable snapshot, so that a request that reads {@link #current()} once sees
 * one whole version. A change the parser refuses keeps the last good value and is reported, once
 * per distinct content, in the log, the readiness detail ({@link #readiness()}) and the metrics
 * {@code submission_reload_refused{name}} (1 while the content on disk is refused) and
 * {@code submission_reload_refusals_total{name}}.
 *
 * <p>The parser throws {@link RejectedFile} for content it will not take; any other exception is a
 * failure to check it now (a database away): retried at the next period, keeping the last value.
 * An {@link Error} of the parser (a stack overflowed by deep content) refuses that content as a
 * {@link RejectedFile} does. Nothing a period meets ends the polling, which a scheduled executor would
 * do silently for good; should it end all the same, {@link #stopped()}, the readiness detail and
 * {@code submission_reload_stopped{name}} say so.
 */
public final class ReloadingValue<T> implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(ReloadingValue.class);

    /** Reads the whole path into one value, or throws {@link RejectedFile}. */
    @FunctionalInterface
    public interface Parser<T> {
        T parse(Path path) throws Exception;
    }

    /** The service cannot start on this content; the message is the one line to print. */
    public static final class StartRefused extends RuntimeException {
        StartRefused(String message) {
            super(message, null, false, false);
        }
    }

    private record State<T>(T value, String hash, String refusal, String failure) {
    }

    private final String name;
    private final Path path;
    private final Parser<T> parser;
    private final AtomicReference<State<T>> state = new AtomicReference<>();
    private final Counter applied;
    private final Counter refusals;
    private final ScheduledExecutorService poller;
    private final MeterRegistry registry;
    private final Gauge refused;
    private final Gauge stoppedGauge;
    private volatile ScheduledFuture<?> polling;
    private volatile boolean closed;

    private ReloadingValue(String name, Path path, Parser<T> parser, MeterRegistry registry) {
        this.name = name;
        this.path = path;
        this.parser = parser;
        this.applied = Counter.builder("submission.reload.applied").tag("name", name)
                .description("versions of the watched file taken into use").register(registry);
        this.refusals = Counter.builder("submission.reload.refusals").tag("name", name)
                .description("distinct versions of the watched file refused (the last good one stays)").register(registry);
        this.registry = registry;
        this.refused = Gauge.builder("submission.reload.refused", state, s -> s.get() != null && s.get().refusal() != null ? 1 : 0)
                .tag("name", name).description("1 while the watched file's content is refused").register(registry);
        this.stoppedGauge = Gauge.builder("submission.reload.stopped", this, v -> v.stopped().isPresent() ? 1 : 0)
                .tag("name", name).description("1 once the watched file is no longer read (restart the pod)").register(registry);
        this.poller = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "reload-" + name);
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Parses the path now and then every {@code period}.
     *
     * @throws StartRefused when the parser refuses the content present at start, naming path, line and reason
     */
    public static <T> ReloadingValue<T> start(String name, Path path, Parser<T> parser, Duration period,
                                              MeterRegistry registry) {
        ReloadingValue<T> value = new ReloadingValue<>(name, Objects.requireNonNull(path), parser, registry);
        value.check();
        State<T> first = value.state.get();
        if (first.refusal() != null) {
            value.close();
            throw new StartRefused(first.refusal());
        }
        value.polling = value.poller.scheduleWithFixedDelay(value::poll, period.toMillis(), period.toMillis(),
                TimeUnit.MILLISECONDS);
        return value;
    }

    /** The last good value; null only while the first parse is still waiting for what it needs. */
    public T current() {
        State<T> now = state.get();
        return now == null ? null : now.value();
    }

    /** Why the content on disk is not in use, while the last good value serves. */
    public Optional<String> refusal() {
        State<T> now = state.get();
        return Optional.ofNullable(now == null ? null : now.refusal());
    }

    /** Why the path is no longer read, should the polling have ended before {@link #close()}. */
    public Optional<String> stopped() {
        ScheduledFuture<?> task = polling;
        if (closed || task == null || !task.isDone()) {
            return Optional.empty();
        }
        try {
            task.get();
            return Optional.of("the polling ended");
        } catch (ExecutionException e) {
            return Optional.of("the polling ended: " + e.getCause());
        } catch (CancellationException e) {
            return Optional.of("the polling was cancelled");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("the polling ended");
        }
    }

    /**
     * UP with the path, and the refusal when there is one: every replica refuses the same change
     * at once, and taking them all out of the Service would turn a typo into an outage. DOWN only
     * before a first value.
     */
    public HealthCheckResponse readiness() {
        State<T> now = state.get();
        HealthCheckResponseBuilder response = HealthCheckResponse.named(name).withData("file", path.toString());
        if (now == null || now.value() == null) {
            return response.down().withData("waiting", now == null || now.failure() == null ? "first read" : now.failure()).build();
        }
        response.up();
        if (now.refusal() != null) {
            response.withData("refused", now.refusal() + " (the last good version serves)");
        }
        if (now.failure() != null) {
            response.withData("unchecked", now.failure());
        }
        stopped().ifPresent(why -> response.withData("stopped", why + "; changes are no longer read until a restart"));
        return response.build();
    }

    /** The poller's step: whatever escapes a check is a failure to check now, never the end of the polling. */
    private synchronized void poll() {
        try {
            check();
        } catch (Throwable failure) {
            State<T> before = state.get();
            LOG.errorf(failure, "%s: checking %s failed (tried again in the next period)", name, path);
            state.set(new State<>(before == null ? null : before.value(), null, before == null ? null : before.refusal(),
                    "cannot check " + path + " now: " + failure));
        }
    }

    /** Reads the path again now (the poller's step; tests call it to skip the wait). */
    public synchronized void check() {
        State<T> before = state.get();
        try {
            String hash = ContentHash.of(path);
            if (before != null && hash.equals(before.hash())) {
                return;
            }
            T parsed;
            try {
                parsed = parser.parse(path);
            } catch (RejectedFile | Error refused) {
                if (!hash.equals(ContentHash.of(path))) {
                    return; // changed while read: the next period reads the settled content
                }
                String why = refused instanceof RejectedFile refusal ? refusal.describe(path)
                        : new RejectedFile(0, "cannot be read: " + refused).describe(path);
                state.set(new State<>(before == null ? null : before.value(), hash, why, null));
                refusals.increment();
                LOG.warnf("%s refused, the last good version serves: %s", name, why);
                return;
            }
            if (!hash.equals(ContentHash.of(path))) {
                return;
            }
            state.set(new State<>(parsed, hash, null, null));
            applied.increment();
            LOG.infof("%s: %s %s", name, before == null ? "read" : "reloaded", path);
        } catch (Exception failure) {
            String why = "cannot read " + path + " now: " + failure.getMessage();
            if (before == null || !why.equals(before.failure())) {
                LOG.warnf("%s: %s (tried again in the next period)", name, why);
            }
            // no hash kept: the same content is tried again at the next period
            state.set(new State<>(before == null ? null : before.value(), null,
                    before == null ? null : before.refusal(), why));
        }
    }

    @Override
    public void close() {
        closed = true;
        poller.shutdownNow();
        // a registry may outlive this value (the tests' global one does): a value watching the same
        // name later must get a gauge of its own, not this one's, which reads nothing once this is gone
        registry.remove(refused);
        registry.remove(stoppedGauge);
    }
}
