package org.submission.platform.error;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.VertxException;
import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.core.impl.NoStackTraceThrowable;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.net.ConnectException;
import java.net.SocketException;
import java.sql.SQLException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** An outage is recognised by SQLSTATE and exception type, wherever it sits in the cause chain; never by message. */
class DatabaseOutageTest {

    @ParameterizedTest(name = "{0}: outage={1}")
    @CsvSource({
            "08001, true", "08006, true", "08P01, true", "57P01, true", "57P02, true", "57P03, true", "53300, true",
            "28P01, true", "28000, true", "3D000, true",
            "23505, false", "42P01, false", "40001, false", "53200, false", "57014, false"})
    void aServerErrorIsAnOutageByItsSqlState(String sqlState, boolean outage) {
        PgException pg = new PgException("any text at all", "FATAL", sqlState, null);
        assertThat(DatabaseOutage.causedBy(new CompletionException(pg))).isEqualTo(outage);
        assertThat(DatabaseOutage.causedBy(new SQLException("any text at all", sqlState))).isEqualTo(outage);
    }

    @ParameterizedTest(name = "{0}: login refused={1}")
    @CsvSource({"28P01, true", "28000, true", "3D000, true", "57P03, false", "08006, false", "42501, false"})
    void aRefusedLoginTellsItselfApartFromAnUnreachableServer(String sqlState, boolean refused) {
        PgException pg = new PgException("any text at all", "FATAL", sqlState, null);
        assertThat(DatabaseOutage.loginRefused(new CompletionException(pg))).isEqualTo(refused);
    }

    @ParameterizedTest(name = "{0}: outage={1}")
    @CsvSource({"FATAL, true", "ERROR, false"})
    void aDatabaseNotAcceptingConnectionsIsAnOutageOnlyAtLogin(String severity, boolean outage) {
        PgException pg = new PgException("any text at all", severity, "55000", null);
        assertThat(DatabaseOutage.causedBy(pg)).isEqualTo(outage);
        assertThat(DatabaseOutage.loginRefused(pg)).isEqualTo(outage);
    }

    @ParameterizedTest
    @ValueSource(strings = {"refused", "reset", "not active", "pending", "closed", "sentinel"})
    void aConnectionFailureIsAnOutageByItsType(String kind) {
        Throwable failure = switch (kind) {
            case "refused" -> new ConnectException("Connection refused");
            case "reset" -> new SocketException("Connection reset");
            // the pool's typeless failures on a connection that has just closed: its constant texts
            case "not active" -> new NoStackTraceThrowable("Connection is not active now, current status: CLOSED");
            case "pending" -> new NoStackTraceThrowable("Pending requests failed to be sent due to connection has been closed.");
            case "closed" -> ClosedConnectionException.INSTANCE;
            default -> ConnectionBase.CLOSED_EXCEPTION;
        };
        assertThat(DatabaseOutage.causedBy(new IllegalStateException("wrapped", failure))).isTrue();
    }

    @ParameterizedTest(name = "{0}: busy={1}")
    @CsvSource({"57014, true", "55P03, true", "40001, false", "23505, false", "08006, false"})
    void aStatementOrLockTimeoutIsABusyDatabaseByItsSqlState(String sqlState, boolean busy) {
        PgException pg = new PgException("any text at all", "ERROR", sqlState, null);
        assertThat(DatabaseOutage.busy(new CompletionException(pg))).isEqualTo(busy);
    }

    @Test
    void aFullWaitQueueOrThePoolsAcquisitionTimeoutIsABusyDatabase() throws ReflectiveOperationException {
        var field = io.vertx.sqlclient.impl.pool.SqlConnectionPool.class.getDeclaredField("POOL_QUERY_TIMEOUT_EXCEPTION");
        field.setAccessible(true);
        assertThat(DatabaseOutage.busy(new IllegalStateException("wrapped", (Throwable) field.get(null)))).isTrue();
        assertThat(DatabaseOutage.busy(new ConnectionPoolTooBusyException("queue full"))).isTrue();
        assertThat(DatabaseOutage.busy(new CompletionException(new NoStackTraceThrowable("Timeout")))).isTrue();
        assertThat(DatabaseOutage.busy(new VertxException("Timeout waiting for connection"))).as("never by message").isFalse();
    }

    @Test
    void anotherTypeSayingTheConnectionIsClosedIsNotAnOutage() {
        assertThat(DatabaseOutage.causedBy(new IllegalStateException("Connection is not active now, current status: CLOSED")))
                .isFalse();
        assertThat(DatabaseOutage.causedBy(new NoStackTraceThrowable("Connection is fine"))).isFalse();
    }

    @Test
    void anotherFailureSayingTimeoutIsNotABusyDatabase() {
        assertThat(DatabaseOutage.busy(new VertxException("Timeout"))).isFalse();
        assertThat(DatabaseOutage.busy(new IllegalStateException("Timeout"))).isFalse();
        assertThat(DatabaseOutage.busy(new NoStackTraceThrowable("Timeout while reading"))).isFalse();
        assertThat(DatabaseOutage.busy(new NoStackTraceThrowable("Timeout") { })).as("a subclass").isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"connection refused", "the database system is shutting down",
            "terminating connection due to administrator command"})
    void theEnglishMessageAloneMeansNothing(String message) {
        assertThat(DatabaseOutage.causedBy(new VertxException(message))).isFalse();
        assertThat(DatabaseOutage.causedBy(new IllegalStateException(message))).isFalse();
    }
}
