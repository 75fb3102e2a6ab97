package org.submission.policy.graphcache;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.sqlclient.DatabaseException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import io.smallrye.mutiny.Uni;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import org.jboss.logging.Logger;
import org.submission.policy.config.GraphCacheSettings;

/**
 * Reads, every read period, the rows PASS's tables add to {@code policy_change_log} on every change
 * ({@code V7__pass_change_log.sql}), and tells the {@link GraphCache} what changed, and whether it
 * hears at all. A read that answers proves this pod up to date with every commit before it, on any
 * connection of the pool, through any pooler: there is no notice to be lost on the way and no queue a
 * stalled pod could hold. Until a read answers with every trigger in place again, after a failed or
 * overdue read, nothing is kept.
 */
@ApplicationScoped
public class PassChangeLog {

    private static final Logger LOG = Logger.getLogger(PassChangeLog.class);
    // the 22 triggers of V7: four on each of a submission's own four tables, one on each shared one
    private static final int TRIGGERS = 22;
    // more rows than this at once (a transaction left open after a write holds every later row in
    // the reads) are read as a change to every submission: a read's memory is bounded
    private static final int ROWS_READ = 10_000;
    // each read returns the rows of every transaction not finished at the read before (its snapshot's
    // xmin): a transaction that commits after a later one is read once it has committed. A file of its
    // own, which the change log's benchmark runs as it is
    private static final String READ = statement("graphcache/change-log-read.sql");
    // "prepared statement does not exist": only a pooler that runs a session's statements on several
    // server connections loses them, and then every statement with parameters fails
    private static final String STATEMENT_LOST = "26000";
    private static final String PRUNE = "DELETE FROM policy_change_log WHERE xid < $1::text::xid8";

    private final Vertx vertx;
    private final Pool pool;
    private final GraphCache cache;
    private final GraphCacheSettings settings;
    private final ChangeLogPosition position = new ChangeLogPosition();
    private final Counter reads;
    private volatile boolean stopped;
    private boolean reportMissing = true;
    // a kept graph is served only once a read sent after its request arrived has answered, so that a
    // writer's next request sees its own commit; the requests arriving during one read share the next
    private CompletableFuture<Void> nextRead = new CompletableFuture<>();
    private boolean reading;
    private boolean wanted;
    private long readTimer = -1;

    public PassChangeLog(Vertx vertx, Pool pool, GraphCache cache, GraphCacheSettings settings, MeterRegistry registry) {
        this.vertx = vertx;
        this.reads = Counter.builder("policy_change_log_reads")
                .description("Reads of PASS's change log that found every trigger in place").register(registry);
        this.pool = pool;
        this.cache = cache;
        this.settings = settings;
        cache.readBy(this::caughtUp);
    }

    void onStart(@Observes StartupEvent event) {
        if (settings.size().asLongValue() == 0) {
            LOG.info("Answer cache off (POLICY_ANSWER_CACHE_SIZE=0): every answer reads the database");
            return;
        }
        read();
    }

    void onStop(@Observes ShutdownEvent event) {
        CompletableFuture<Void> waiting;
        synchronized (this) {
            stopped = true;
            vertx.cancelTimer(readTimer);
            waiting = nextRead;
        }
        cache.deaf();
        waiting.complete(null);
    }

    /**
     * Completes once a read of the log sent after this call has answered, or failed or is overdue
     * (then nothing is kept): every commit made before it has then reached the cache. Starts that
     * read at once unless one is under way, after which the next follows at once.
     */
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
        long sent = System.nanoTime();
        long overdue = vertx.setTimer(settings.checkPeriod().toMillis(), id -> {
            deaf();
            answered.complete(null);
        });
        pool.preparedQuery(READ).execute(Tuple.of(position.from(), ROWS_READ + 1L)).subscribe().with(rows -> {
            vertx.cancelTimer(overdue);
            if (!stopped) {
                heard(rows, sent);
            }
            done(answered);
        }, failure -> {
            vertx.cancelTimer(overdue);
            if (failure instanceof DatabaseException database && STATEMENT_LOST.equals(database.getSqlState())) {
                LOG.error("The database is reached through a connection pooler in transaction or statement mode, which loses"
                        + " the statements the services prepare (" + failure.getMessage() + "): only session mode works"
                        + " (docs/settings.md, SUBMISSION_DB_URL)");
                deaf();
                answered.complete(null);
                Quarkus.asyncExit(2);
                return;
            }
            LOG.debugf("PASS's change log could not be read (%s); answers are not kept until it is", failure.getMessage());
            deaf();
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

    private void heard(RowSet<Row> rows, long sent) {
        Row first = rows.iterator().next();
        long triggers = first.getLong("triggers");
        if (triggers != TRIGGERS) {
            deaf();
            if (reportMissing) {
                LOG.warnf("Answers are not kept between requests: %d of the %d triggers of PASS's change log are in"
                        + " place (deploy/db/owner-setup.sql installs them)", triggers, TRIGGERS);
                reportMissing = false;
            }
            return;
        }
        reportMissing = true;
        if (!position.continuesAt(sent)) {
            // the first read, or one after a gap in which rows may have been pruned: start afresh from here
            deaf();
        }
        if (rows.size() > ROWS_READ) {
            cache.changed("all");
            position.forgetRows();
        } else {
            tell(rows);
        }
        position.advance(Long.parseLong(first.getString("xmin")), sent).ifPresent(this::prune);
        cache.listening();
        reads.increment();
    }

    /** Tells the cache of each row read for the first time. */
    private void tell(RowSet<Row> rows) {
        for (Row row : rows) {
            Long seq = row.getLong("seq");
            if (seq != null && position.firstTime(seq, Long.parseLong(row.getString("xid")))) {
                Long[] submissions = row.getArrayOfLongs("submissions");
                if (submissions == null) {
                    cache.changed("all");
                } else {
                    for (Long submission : submissions) {
                        cache.changed("submission:" + submission);
                    }
                }
            }
        }
    }

    private void deaf() {
        cache.deaf();
        position.lost();
    }

    private void prune(long before) {
        pool.preparedQuery(PRUNE).execute(Tuple.of(Long.toString(before))).subscribe().with(
                deleted -> LOG.debugf("Pruned %d rows of PASS's change log", deleted.rowCount()),
                failure -> LOG.debugf("PASS's change log was not pruned: %s", failure.getMessage()));
    }

    private static String statement(String resource) {
        try (InputStream in = PassChangeLog.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
