package org.submission.policy.graphcache;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnection;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.pubsub.PgSubscriber;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jboss.logging.Logger;
import org.submission.platform.db.PoolLimits;
import org.submission.policy.config.AnswerCacheSettings;

/**
 * Listens, on a connection of its own, to the notices PASS's tables send on every change
 * ({@code V6__pass_change_notices.sql}), and tells the {@link GraphCache} what changed, and
 * whether it can hear at all. Every check period the connection counts the notices' triggers:
 * the answer proves the connection alive, and the count that every trigger is in place (an owner's
 * script not yet run, or a table pass-core re-created, leaves some out). Until both hold again,
 * after a lost connection, a missing trigger or an unanswered check, nothing is kept.
 */
@ApplicationScoped
public class PassChangeNotices {

    static final String CHANNEL = "pass_changed";
    /** So that an operator sees the connection for what it is in {@code pg_stat_activity}. */
    static final String APPLICATION_NAME = "policy-service change notices";
    private static final Logger LOG = Logger.getLogger(PassChangeNotices.class);
    private static final long FIRST_RETRY_MILLIS = 1_000;
    private static final long LAST_RETRY_MILLIS = 30_000;
    // the 14 triggers of V6: ten notices, four for TRUNCATE of the submission's own tables
    private static final int TRIGGERS = 14;
    private static final String COUNT_TRIGGERS = """
            SELECT count(*) FROM pg_trigger WHERE tgenabled <> 'D'
               AND tgname IN ('submission_services_notice', 'submission_services_truncate_notice')
               AND tgrelid IN (SELECT to_regclass(t) FROM unnest(ARRAY['pass_submission', 'pass_submission_grants',
                   'pass_submission_preparers', 'pass_submission_effectivepolicies', 'pass_user', 'pass_grant',
                   'pass_funder', 'pass_policy', 'pass_policy_repositories', 'pass_repository']) t)""";

    private final Vertx vertx;
    private final Pool pool;
    private final PoolLimits limits;
    private final GraphCache cache;
    private final AnswerCacheSettings settings;
    private PgSubscriber subscriber;
    private long checks = -1;
    private volatile boolean subscribed;
    private volatile boolean stopped;
    private volatile boolean reportMissing = true;

    public PassChangeNotices(Vertx vertx, Pool pool, PoolLimits limits, GraphCache cache, AnswerCacheSettings settings) {
        this.vertx = vertx;
        this.pool = pool;
        this.limits = limits;
        this.cache = cache;
        this.settings = settings;
    }

    void onStart(@Observes StartupEvent event) {
        if (settings.size().asLongValue() == 0) {
            LOG.info("Answer cache off (POLICY_ANSWER_CACHE_SIZE=0): every answer reads the database");
            return;
        }
        pool.size(); // creates the pool, whose options the listening connection shares
        PgConnectOptions options = limits.connectOptions().orElseThrow().addProperty("application_name", APPLICATION_NAME);
        subscriber = PgSubscriber.subscriber(vertx, options)
                // called when the connection is lost, before each attempt to connect again: the only
                // moment the subscriber tells of a loss, and the pod misses changes from then on
                .reconnectPolicy(attempt -> {
                    subscribed = false;
                    cache.deaf();
                    return retryAfter(attempt);
                });
        subscriber.channel(CHANNEL).handler(cache::changed).subscribeHandler(v -> {
            subscribed = true;
            check();
        });
        connect(0);
        checks = vertx.setPeriodic(settings.checkPeriod().toMillis(), id -> check());
    }

    void onStop(@Observes ShutdownEvent event) {
        if (subscriber != null) {
            stopped = true;
            vertx.cancelTimer(checks);
            cache.deaf();
            // waited for (briefly, on the stopping thread): a close still running when Vert.x stops
            // would be logged as an error by the stopped event loop
            try {
                subscriber.close().toCompletionStage().toCompletableFuture().get(2, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                LOG.debugf("The change notices' connection did not close cleanly: %s", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void connect(int attempt) {
        // only a lost connection is retried by the subscriber, not a first one that failed
        subscriber.connect().onFailure(failure -> {
            LOG.debugf("No connection for PASS's change notices yet (%s); trying again", failure.getMessage());
            if (!stopped) {
                vertx.setTimer(retryAfter(attempt), id -> connect(attempt + 1));
            }
        });
    }

    /** 1 s, doubling to 30 s: a refused login (a rotated password) is not retried every second for ever. */
    private static long retryAfter(int attempt) {
        return Math.min(LAST_RETRY_MILLIS, FIRST_RETRY_MILLIS << Math.min(attempt, 5));
    }

    /** Counts the triggers on the listening connection; no answer within a period closes it. */
    private void check() {
        PgConnection connection = subscriber.actualConnection();
        if (connection == null || !subscribed) {
            cache.deaf();
            return;
        }
        long overdue = vertx.setTimer(settings.checkPeriod().toMillis(), id -> {
            cache.deaf();
            connection.close();
        });
        connection.query(COUNT_TRIGGERS).execute().onComplete(result -> {
            vertx.cancelTimer(overdue);
            if (result.failed()) {
                cache.deaf();
                connection.close();
                return;
            }
            long found = result.result().iterator().next().getLong(0);
            if (found == TRIGGERS) {
                cache.listening();
                reportMissing = true;
            } else {
                cache.deaf();
                if (reportMissing) {
                    LOG.warnf("Answers are not kept between requests: %d of the %d triggers of PASS's change notices are in"
                            + " place (deploy/db/owner-setup.sql installs them)", found, TRIGGERS);
                    reportMissing = false;
                }
            }
        });
    }
}
