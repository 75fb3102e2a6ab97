package org.submission.platform.db;

import io.quarkus.reactive.pg.client.PgPoolCreator;
import io.vertx.core.AbstractVerticle;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.spi.PgDriver;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.spi.ConnectionFactory;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Time limits on everything a request may wait for in the database, so that a slow or locked
 * database answers 503 quickly instead of holding requests for minutes (docs/architecture.md, "Health, metrics and logs"):
 * waiting for a pooled connection ({@code SUBMISSION_DB_ACQUIRE_TIMEOUT}, and at most
 * {@code SUBMISSION_DB_MAX_WAITING} requests waiting), a statement's run time
 * ({@code statement_timeout}) and a wait for a lock, advisory locks included ({@code lock_timeout}).
 * Quarkus has no setting for the first two, so the platform creates the reactive pool itself;
 * the two PostgreSQL settings are sent with each connection's start-up ({@link DatabaseSettings}).
 *
 * <p>So is the planner's cost of a random page read ({@code SUBMISSION_DB_RANDOM_PAGE_COST}): the
 * services read a few rows by key from tables that stay in memory, where PostgreSQL's default (4,
 * for disks that seek) makes it scan a small table, such as PASS's funders, once per looked-up row
 * instead of reading one index entry: sixteen times the rows per policy answer.
 *
 * <p>The pool's connections are opened through {@link LoginRefusals}, so that a login the
 * database refused is not tried again for every request.
 */
@Singleton
public class PoolLimits implements PgPoolCreator {

    /** The longest statement kept prepared on a connection, in characters: longer than any of the services'. */
    static final int PREPARED_SQL_LIMIT = 16 * 1024;

    private final DatabaseSettings settings;
    private final LoginRefusals logins;

    public PoolLimits(DatabaseSettings settings, LoginRefusals logins) {
        this.settings = settings;
        this.logins = logins;
    }

    @Override
    public Pool create(Input input) {
        PoolOptions pool = input.poolOptions().setConnectionTimeout((int) settings.acquireTimeout().toMillis())
                .setConnectionTimeoutUnit(TimeUnit.MILLISECONDS).setMaxWaitQueueSize(settings.maxWaiting());
        List<PgConnectOptions> databases = input.pgConnectOptionsList();
        for (PgConnectOptions database : databases) {
            database.addProperty("statement_timeout", Long.toString(settings.statementTimeout().toMillis()))
                    .addProperty("lock_timeout", Long.toString(settings.lockTimeout().toMillis()));
            settings.randomPageCost().ifPresent(cost -> database.addProperty("random_page_cost", cost));
            // the client caches only statements up to 2,048 characters by default; a longer one (the
            // policy graph's, with its version, is about 3,600) would be parsed and planned again for
            // every request, which cost the kept answer ten times its database time
            database.setPreparedStatementCacheSqlLimit(PREPARED_SQL_LIMIT);
        }
        Pool reactive = PgDriver.INSTANCE.createPool(input.vertx(), databases, pool);
        // the pool's own factory cannot be wrapped: one like it, taking the databases in turn as it does,
        // closed with Vert.x, which undeploys every verticle when it closes
        AtomicInteger turn = new AtomicInteger();
        ConnectionFactory connections = PgDriver.INSTANCE.createConnectionFactory(input.vertx(),
                () -> Future.succeededFuture(databases.get(Math.floorMod(turn.getAndIncrement(), databases.size()))));
        input.vertx().deployVerticle(new AbstractVerticle() {
            @Override
            public void stop(Promise<Void> stopped) {
                connections.close(stopped);
            }
        });
        reactive.connectionProvider(context -> logins.connect(() -> connections.connect(context)));
        return reactive;
    }
}
