package org.submission.platform.error;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxException;
import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.core.impl.NoStackTraceThrowable;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.SqlConnection;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.localpostgres.LocalPostgres;

/**
 * What the reactive pool fails with when it has no connection to give, from a real pool of one
 * connection on the tests' PostgreSQL: the failures {@link DatabaseOutage#busy} recognises without
 * a type to match (they are plain exceptions told apart by their message). An upgrade of vertx-sql-client that changes them fails here
 * rather than silently turning "the database is busy" (503) into a 500.
 */
class PoolTimeoutsTest {

    private Vertx vertx;
    private Pool pool;
    private SqlConnection held;

    @BeforeEach
    void aPoolWhoseOneConnectionIsHeld() throws Exception {
        vertx = Vertx.vertx();
        PgConnectOptions database = PgConnectOptions.fromUri(LocalPostgres.sharedUrl()).setUser("postgres");
        pool = PgBuilder.pool().with(new PoolOptions().setMaxSize(1).setMaxWaitQueueSize(1)
                .setConnectionTimeout(200).setConnectionTimeoutUnit(TimeUnit.MILLISECONDS))
                .connectingTo(database).using(vertx).build();
        held = firstConnection();
    }

    /**
     * The pool's one connection. Its start counts against the time limit and may outlast it on a loaded
     * machine; the start goes on after the wait has failed and leaves the connection in the pool, so
     * asking again, once the failed wait has left the one-place queue, gets it.
     */
    private SqlConnection firstConnection() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            try {
                return Outcomes.await(pool.getConnection());
            } catch (ExecutionException slowStart) {
                if (System.nanoTime() > deadline) {
                    throw slowStart;
                }
                Thread.sleep(50);
            }
        }
    }

    @AfterEach
    void close() throws Exception {
        held.close();
        Outcomes.await(pool.close());
        Outcomes.await(vertx.close());
    }

    @Test
    void aConnectionNotFreedWithinTheTimeLimitFailsWithTheBareTimeoutThatCountsAsBusy() {
        Throwable failure = failure(pool.getConnection());

        assertThat(failure).isExactlyInstanceOf(NoStackTraceThrowable.class).hasMessage("Timeout").hasNoCause();
        assertThat(DatabaseOutage.busy(failure)).isTrue();
        assertThat(DatabaseOutage.causedBy(failure)).as("an outage").isFalse();
    }

    @Test
    void aPooledQueryWithoutAConnectionWithinTheTimeLimitFailsWithTheConstantThatCountsAsBusy() {
        Throwable failure = failure(pool.query("select 1").execute());

        assertThat(failure).isExactlyInstanceOf(VertxException.class).hasMessage("Timeout waiting for connection");
        assertThat(DatabaseOutage.busy(failure)).isTrue();
        assertThat(DatabaseOutage.causedBy(failure)).as("an outage").isFalse();
    }

    @Test
    void aRequestBeyondTheWaitQueueFailsAtOnceWithTheTypeThatCountsAsBusy() {
        Future<SqlConnection> waiting = pool.getConnection();
        Throwable failure = failure(pool.getConnection());

        assertThat(failure).isInstanceOf(ConnectionPoolTooBusyException.class);
        assertThat(DatabaseOutage.busy(failure)).isTrue();
        assertThat(failure(waiting)).as("the one waiting").hasMessage("Timeout");
    }

    private static Throwable failure(Future<?> future) {
        return Outcomes.failure(future, "the pool gave a connection it does not have");
    }
}
