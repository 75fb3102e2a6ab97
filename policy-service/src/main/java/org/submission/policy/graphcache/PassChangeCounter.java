package org.submission.policy.graphcache;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.concurrent.CompletableFuture;
import org.jboss.logging.Logger;
import org.submission.policy.config.GraphCacheSettings;

/**
 * Reads, every read period, PASS's change counter ({@code V11__pass_change_counter.sql}), which
 * every statement changing a table a policy answer reads moves, and tells the {@link GraphCache}
 * when a kept graph may be served without its check ({@link CounterReadings}). A read that answers
 * proves this pod up to date with every commit before it, on any connection of the pool; until one
 * answers with every trigger in place, after a failed or overdue read, every kept graph is checked.
 * A stalled pod holds nothing of the database's.
 */
@ApplicationScoped
public class PassChangeCounter {

    private static final Logger LOG = Logger.getLogger(PassChangeCounter.class);
    private static final String[] TABLES = {"pass_submission", "pass_submission_grants", "pass_submission_preparers",
        "pass_submission_effectivepolicies", "pass_user", "pass_grant", "pass_funder", "pass_policy",
        "pass_policy_repositories", "pass_repository"};
    private static final String READ = """
            SELECT (SELECT count(*) FROM pg_trigger WHERE tgname = 'submission_services_counted' AND tgenabled <> 'D'
                      AND tgrelid IN (SELECT to_regclass(t) FROM unnest($1::text[]) t)) AS triggers,
                   CASE WHEN c.is_called THEN c.last_value ELSE 0 END AS counter,
                   pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, pg_snapshot_xmax(pg_current_snapshot())::text AS xmax
              FROM pass_change_counter c""";

    private final Vertx vertx;
    private final Pool pool;
    private final GraphCacheSettings settings;
    private final CounterReadings readings = new CounterReadings();
    private final Counter reads;
    private volatile boolean stopped;
    private boolean reportMissing = true;
    // a person's kept graph is served only once a read sent after its request arrived has answered,
    // so that their next request sees their own commit; the requests arriving during one read share the next
    private CompletableFuture<Void> nextRead = new CompletableFuture<>();
    private boolean reading;
    private boolean wanted;
    private long readTimer = -1;

    public PassChangeCounter(Vertx vertx, Pool pool, GraphCache cache, GraphCacheSettings settings, MeterRegistry registry) {
        this.vertx = vertx;
        this.pool = pool;
        this.settings = settings;
        this.reads = Counter.builder("policy_change_counter_reads")
                .description("Reads of PASS's change counter that found every trigger in place").register(registry);
        Gauge.builder("policy_answer_cache_listening", readings, counted -> counted.heard() ? 1 : 0)
                .description("1 while PASS's change counter is read, so that unchanged kept graphs cost no statement").register(registry);
        cache.countedBy(readings::trusted, this::caughtUp);
    }

    void onStart(@Observes StartupEvent event) {
        if (settings.size().asLongValue() > 0) {
            read();
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        CompletableFuture<Void> waiting;
        synchronized (this) {
            stopped = true;
            vertx.cancelTimer(readTimer);
            waiting = nextRead;
        }
        lost();
        waiting.complete(null);
    }

    /** Completes once a read sent after this call has answered, or failed or is overdue (then every kept graph is checked). */
    Uni<Void> caughtUp() {
        CompletableFuture<Void> next;
        boolean now;
        synchronized (this) {
            if (stopped) {
                return Uni.createFrom().voidItem();
            }
            next = nextRead;
            wanted = true;
            now = !reading;
        }
        if (now) {
            read();
        }
        return Uni.createFrom().completionStage(next);
    }

    /** One read at a time: the next is timed from the end of this one, or follows at once when a request waits for it. */
    private void read() {
        CompletableFuture<Void> answered;
        synchronized (this) {
            if (stopped || reading) {
                return;
            }
            reading = true;
            wanted = false;
            answered = nextRead;
            nextRead = new CompletableFuture<>();
            vertx.cancelTimer(readTimer);
        }
        long overdue = vertx.setTimer(settings.checkPeriod().toMillis(), id -> {
            lost();
            answered.complete(null);
        });
        pool.preparedQuery(READ).execute(Tuple.of(TABLES)).subscribe().with(rows -> {
            vertx.cancelTimer(overdue);
            if (!stopped) {
                heard(rows.iterator().next());
            }
            done(answered);
        }, failure -> {
            vertx.cancelTimer(overdue);
            LOG.debugf("PASS's change counter could not be read (%s); kept graphs are checked until it is", failure.getMessage());
            lost();
            done(answered);
        });
    }

    private void done(CompletableFuture<Void> answered) {
        boolean again;
        synchronized (this) {
            reading = false;
            again = wanted;
        }
        answered.complete(null);
        if (again) {
            read();
        } else {
            next();
        }
    }

    private synchronized void next() {
        if (!stopped) {
            readTimer = vertx.setTimer(settings.readPeriod().toMillis(), id -> read());
        }
    }

    private void heard(Row row) {
        long triggers = row.getLong("triggers");
        if (triggers != TABLES.length) {
            lost();
            if (reportMissing) {
                LOG.warnf("Every kept graph is checked in the database: %d of the %d triggers of PASS's change counter are"
                        + " in place (deploy/db/owner-setup.sql installs them)", triggers, TABLES.length);
                reportMissing = false;
            }
            return;
        }
        reportMissing = true;
        readings.read(row.getLong("counter"), Long.parseLong(row.getString("xmin")), Long.parseLong(row.getString("xmax")));
        reads.increment();
    }

    private void lost() {
        readings.lost();
    }
}
