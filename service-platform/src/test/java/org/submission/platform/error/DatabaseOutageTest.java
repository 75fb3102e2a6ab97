package org.submission.platform.error;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.VertxException;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.net.ConnectException;
import java.sql.SQLException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** An outage is recognised by SQLSTATE and exception type, wherever it sits in the cause chain; never by message. */
class DatabaseOutageTest {

    @ParameterizedTest(name = "{0}: outage={1}")
    @CsvSource({
            "08001, true", "08006, true", "08P01, true", "57P01, true", "57P02, true", "57P03, true", "53300, true",
            "23505, false", "42P01, false", "40001, false", "53200, false", "57014, false"})
    void aServerErrorIsAnOutageByItsSqlState(String sqlState, boolean outage) {
        PgException pg = new PgException("any text at all", "FATAL", sqlState, null);
        assertThat(DatabaseOutage.causedBy(new CompletionException(pg))).isEqualTo(outage);
        assertThat(DatabaseOutage.causedBy(new SQLException("any text at all", sqlState))).isEqualTo(outage);
    }

    @ParameterizedTest
    @ValueSource(strings = {"refused", "closed", "sentinel"})
    void aConnectionFailureIsAnOutageByItsType(String kind) {
        Throwable failure = switch (kind) {
            case "refused" -> new ConnectException("Connection refused");
            case "closed" -> ClosedConnectionException.INSTANCE;
            default -> ConnectionBase.CLOSED_EXCEPTION;
        };
        assertThat(DatabaseOutage.causedBy(new IllegalStateException("wrapped", failure))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"connection refused", "the database system is shutting down",
            "terminating connection due to administrator command"})
    void theEnglishMessageAloneMeansNothing(String message) {
        assertThat(DatabaseOutage.causedBy(new VertxException(message))).isFalse();
        assertThat(DatabaseOutage.causedBy(new IllegalStateException(message))).isFalse();
    }
}
