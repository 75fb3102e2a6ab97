package org.submission.doi.service;

import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import org.submission.doi.client.UpstreamPace;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.config.DoiSettings.SameDoi;
import org.submission.doi.health.DoiMetrics;
import org.submission.doi.model.Doi;
import org.submission.doi.repository.LookupCoordination;
import org.submission.doi.repository.LookupCoordination.Begin;
import org.submission.platform.error.ApiException;
import org.submission.platform.error.DatabaseOutage;

/**
 * One upstream's answers across all pods (doi-service/README.md, "Across pods"): this pod's
 * memory cache, then one statement that finds the answer in the shared cache or takes the lease
 * for the DOI and a turn under the upstream's rate, then the call, then one statement that keeps
 * the answer and drops the lease. Below the per-pod in-flight map, so at most one lookup per DOI
 * and upstream on this pod gets here. When the database fails or is slow the pod goes on alone.
 *
 * @param <T> the answer as the service produces it from the upstream's (found), kept as JSON
 */
public final class SharedLookup<T> {

    /** Encodes answers for the shared cache and back. */
    public interface Codec<T> {
        String encode(T answer);

        T decode(String body);
    }

    private static final long FIRST_POLL_MILLIS = 20;
    private static final long LAST_POLL_MILLIS = 200;
    /** While the database is down every lookup fails to coordinate: one warning per interval. */
    private static final long WARNING_EVERY_MILLIS = 10_000;

    private final AtomicLong lastWarning = new AtomicLong();

    private final String upstream;
    private final UpstreamPace pace;
    private final Codec<T> codec;
    private final AnswerCache<Optional<T>> memory;
    private final LookupCoordination coordination;
    private final SameDoi sameDoi;
    private final DoiMetrics metrics;
    private final Vertx vertx;
    private final String holder;
    private final Duration ttl;
    private final Duration notFoundTtl;
    private final long leaseMillis;
    private final double margin;
    private final long defaultSpacingMillis;
    private final long maxWaitMillis;
    private final Duration coordinationTimeout;

    SharedLookup(String upstream, UpstreamPace pace, Codec<T> codec, LookupCoordination coordination, SameDoi sameDoi,
            DoiSettings settings, DoiMetrics metrics, Vertx vertx, String holder) {
        this.upstream = upstream;
        this.pace = pace;
        this.codec = codec;
        this.memory = new AnswerCache<>(settings.cache());
        this.coordination = coordination;
        this.sameDoi = sameDoi;
        this.metrics = metrics;
        this.vertx = vertx;
        this.holder = holder;
        this.ttl = settings.cache().ttl().isNegative() ? Duration.ZERO : settings.cache().ttl();
        Duration notFound = settings.cache().notFoundTtl();
        this.notFoundTtl = notFound.isNegative() ? Duration.ZERO : notFound.compareTo(ttl) > 0 ? ttl : notFound;
        this.leaseMillis = Math.max(1, Math.min(30_000, settings.leaseTimeout().toMillis()));
        int rate = settings.upstream().defaultRate();
        this.margin = 1 + Math.max(0, settings.upstream().rateMargin());
        this.defaultSpacingMillis = rate <= 0 ? 0 : (long) Math.ceil(1000 * margin / rate);
        this.maxWaitMillis = Math.max(0, settings.upstream().rateWait().toMillis());
        this.coordinationTimeout = settings.coordinationTimeout();
    }

    /** The answer (empty: the upstream does not know the DOI), from a cache or from {@code call}. */
    public Uni<Optional<T>> get(Doi doi, Supplier<Uni<Optional<T>>> call) {
        return Uni.createFrom().deferred(() -> {
            Optional<T> kept = memory.get(doi.key());
            metrics.cache(upstream, "memory", kept != null);
            if (kept != null) {
                return Uni.createFrom().item(kept);
            }
            long paused = pace.pausedFor();
            if (paused > 0) {
                return Uni.createFrom().failure(paused(paused));
            }
            return shared(doi, call, System.currentTimeMillis() + leaseMillis + 1000, FIRST_POLL_MILLIS);
        });
    }

    private Uni<Optional<T>> shared(Doi doi, Supplier<Uni<Optional<T>>> call, long giveUpAt, long poll) {
        return coordination.begin(upstream, doi.key(), holder, leaseMillis, defaultSpacingMillis, maxWaitMillis)
                .ifNoItem().after(coordinationTimeout).fail()
                .onItemOrFailure().transformToUni((begin, failure) -> {
                    if (failure != null) {
                        alone(failure);
                        return called(doi, call, false);
                    }
                    boolean hit = begin.state() == LookupCoordination.State.CACHED;
                    if (hit || poll == FIRST_POLL_MILLIS) {
                        metrics.cache(upstream, "shared", hit);
                    }
                    return switch (begin.state()) {
                        case CACHED -> cached(doi, begin).map(answer -> Uni.createFrom().item(answer))
                                .orElseGet(() -> called(doi, call, false));
                        case BUSY -> busy(doi, call, giveUpAt, poll);
                        case PAUSED -> {
                            pace.pauseFor(begin.millis());
                            yield Uni.createFrom().failure(paused(begin.millis()));
                        }
                        case RATE -> {
                            metrics.rateRefusal(upstream, "no_turn");
                            yield Uni.createFrom().failure(ApiException.unavailable("Too many requests to " + upstream
                                    + " are waiting for a turn under its rate limit. Try again later.", seconds(begin.millis())));
                        }
                        case GO -> {
                            if (begin.millis() > 0) {
                                metrics.rateWait(upstream, begin.millis());
                            }
                            yield after(begin.millis()).chain(() -> called(doi, call, true));
                        }
                    };
                });
    }

    private Uni<Optional<T>> busy(Doi doi, Supplier<Uni<Optional<T>>> call, long giveUpAt, long poll) {
        if (sameDoi == SameDoi.REJECT) {
            metrics.singleFlight(upstream, "rejected");
            return Uni.createFrom().failure(InFlightGuard.alreadyActive(doi));
        }
        if (poll == FIRST_POLL_MILLIS) {
            metrics.singleFlight(upstream, "joined");
        }
        if (System.currentTimeMillis() > giveUpAt) {
            return Uni.createFrom().failure(ApiException.unavailable("The lookup of " + doi + " at " + upstream
                    + " is taking too long. Try again later.", 1));
        }
        // the other pod's answer lands in the shared cache; if it fails or dies, the lease comes free here
        return after(poll).chain(() -> shared(doi, call, giveUpAt, Math.min(LAST_POLL_MILLIS, poll * 2)));
    }

    /** The shared cache's answer; empty when its row cannot be read back (then the upstream is asked). */
    private Optional<Optional<T>> cached(Doi doi, Begin begin) {
        Optional<T> answer;
        try {
            answer = begin.found() ? Optional.of(codec.decode(begin.body())) : Optional.empty();
        } catch (RuntimeException unreadable) {
            Log.warnf("the shared cache's %s answer for %s is unreadable; asking again", upstream, doi);
            return Optional.empty();
        }
        memory.put(doi.key(), answer, Duration.ofMillis(begin.millis()));
        return Optional.of(answer);
    }

    /** The call; with the lease ({@code coordinated}), its outcome is told to the other pods. */
    private Uni<Optional<T>> called(Doi doi, Supplier<Uni<Optional<T>>> call, boolean coordinated) {
        return Uni.createFrom().deferred(call::get).onItemOrFailure().transformToUni((answer, failure) -> {
            Duration life = answer == null ? Duration.ZERO : answer.isPresent() ? ttl : notFoundTtl;
            if (answer != null) {
                memory.put(doi.key(), answer, life);
            }
            Long pause = pace.takePauseToPublish();
            if (pause != null) {
                metrics.pause(upstream);
            }
            Uni<Optional<T>> outcome = failure == null ? Uni.createFrom().item(answer) : Uni.createFrom().failure(failure);
            Long spacing = pace.spacingToPublish();
            String body = answer == null ? null : answer.map(codec::encode).orElse(null);
            Uni<Void> told = coordination.end(upstream, doi.key(), holder, answer == null ? null : answer.isPresent(), body,
                            life.toMillis(), spacing == null ? null : (long) Math.ceil(spacing * margin), pause)
                    .ifNoItem().after(coordinationTimeout).fail()
                    .invoke(() -> pace.published(spacing));
            if (!coordinated) {
                // a begin that timed out may still have taken the lease on the server: release it
                // (holder-checked) and share the answer if the database answers, without waiting
                told.subscribe().with(done -> { }, ignored -> { });
                return outcome;
            }
            return told.onFailure().invoke(this::alone).onFailure().recoverWithNull().chain(() -> outcome);
        });
    }

    /** A coordination statement failed: this request goes on as if this pod were the only one. */
    private void alone(Throwable failure) {
        metrics.coordinationFailure();
        long now = System.currentTimeMillis();
        long last = lastWarning.get();
        if (now - last < WARNING_EVERY_MILLIS || !lastWarning.compareAndSet(last, now)) {
            Log.debugf("coordinating the %s lookup failed: %s", upstream, DatabaseOutage.describe(failure));
            return;
        }
        Log.warnf("coordinating the %s lookup through the database failed, going on alone: %s", upstream,
                DatabaseOutage.describe(failure));
    }

    private ApiException paused(long millis) {
        metrics.rateRefusal(upstream, "paused");
        return ApiException.unavailable(upstream + " is limiting the request rate. Try again later.", seconds(millis));
    }

    /** A pause on a Vert.x timer, so that what follows runs on the same context. */
    private Uni<Void> after(long millis) {
        if (millis <= 0) {
            return Uni.createFrom().voidItem();
        }
        return Uni.createFrom().emitter(emitter -> vertx.setTimer(millis, id -> emitter.complete(null)));
    }

    private static int seconds(long millis) {
        return (int) Math.max(1, (millis + 999) / 1000);
    }

    /** A codec of two functions. */
    static <T> Codec<T> of(Function<T, String> write, Function<String, T> read) {
        return new Codec<>() {
            @Override
            public String encode(T answer) {
                return write.apply(answer);
            }

            @Override
            public T decode(String body) {
                return read.apply(body);
            }
        };
    }
}
