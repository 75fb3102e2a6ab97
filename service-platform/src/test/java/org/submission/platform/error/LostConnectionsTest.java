package org.submission.platform.error;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.localpostgres.LocalPostgres;

/**
 * A pooled connection lost on the way, as a real pool meets it: the tests' PostgreSQL behind a relay
 * that resets the connection (TCP RST) when told to. A server process that dies or is terminated
 * as a query arrives ends its connection this way, and the query fails with the socket's own
 * exception; before it was recognised, that request was answered 500 instead of 503.
 */
class LostConnectionsTest {

    private final AtomicBoolean resetOnNextQuery = new AtomicBoolean();
    private ServerSocket relay;
    private Vertx vertx;
    private Pool pool;

    @BeforeEach
    void aPoolOfOneConnectionThroughTheRelay() throws Exception {
        PgConnectOptions database = PgConnectOptions.fromUri(LocalPostgres.sharedUrl()).setUser("postgres");
        relay = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        daemon(() -> relayTo(database.getPort()));
        vertx = Vertx.vertx();
        pool = PgBuilder.pool().with(new PoolOptions().setMaxSize(1))
                .connectingTo(new PgConnectOptions(database).setHost("127.0.0.1").setPort(relay.getLocalPort()))
                .using(vertx).build();
        Outcomes.await(pool.query("select 1").execute());
    }

    @AfterEach
    void close() throws Exception {
        Outcomes.await(pool.close());
        Outcomes.await(vertx.close());
        relay.close();
    }

    @Test
    void aConnectionResetUnderAQueryIsAnOutage() {
        resetOnNextQuery.set(true);

        Throwable failure = failure(pool.query("select 1").execute());

        assertThat(DatabaseOutage.causedBy(failure)).as("%s", failure).isTrue();
        assertThat(DatabaseOutage.loginRefused(failure)).isFalse();
    }

    @Test
    void untilThePoolHasConnectedAgainEveryFailureIsAnOutage() throws Exception {
        resetOnNextQuery.set(true);
        failure(pool.query("select 1").execute());

        // the next query may still be given the closed connection, which fails without a type of its own
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try {
                assertThat(Outcomes.await(pool.query("select 1").execute()).size()).isEqualTo(1);
                return;
            } catch (ExecutionException failed) {
                assertThat(DatabaseOutage.causedBy(failed.getCause())).as("%s", failed.getCause()).isTrue();
                assertThat(System.nanoTime()).as("connected again within 20 s").isLessThan(giveUp);
                Thread.sleep(50);
            }
        }
    }

    /** Accepts the pool's connections and relays each to the server, resetting the client's side when told to. */
    private void relayTo(int serverPort) {
        while (!relay.isClosed()) {
            try {
                Socket client = relay.accept();
                Socket server = new Socket(InetAddress.getLoopbackAddress(), serverPort);
                daemon(() -> copy(server, client, false));
                daemon(() -> copy(client, server, true));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void copy(Socket from, Socket to, boolean fromClient) {
        byte[] buffer = new byte[8192];
        try (from; to) {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            int read;
            while ((read = in.read(buffer)) >= 0) {
                if (fromClient && resetOnNextQuery.compareAndSet(true, false)) {
                    from.setSoLinger(true, 0);   // closing now sends RST, not FIN
                    return;
                }
                out.write(buffer, 0, read);
            }
        } catch (IOException ended) {
            // either side gone: both closed
        }
    }

    private static void daemon(Runnable task) {
        Thread thread = new Thread(task, "relay");
        thread.setDaemon(true);
        thread.start();
    }

    private static Throwable failure(Future<?> future) {
        return Outcomes.failure(future, "the query succeeded through a reset connection");
    }
}
