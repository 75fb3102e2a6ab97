package org.submission.doi.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.FreshDatabase;

/**
 * The coordination's SQL across an upgrade (shared-model's db/migration/README.md): a database of
 * the version before migrates cleanly, forgetting what pods learnt without bounds; the statements
 * pods of the version before send still run on it beside the new ones; and what an upstream
 * announced is believed within bounds and not for ever.
 */
class MigrationsOldPodsTest {

    /** The statements as the version before sends them (its Coordination). */
    private static final String OLD_BEGIN = "SELECT state, is_found, body, millis, spacing_ms FROM doi_lookup_begin('Crossref', '%s', 'old-pod', 30000, 100, 5000)";
    private static final String OLD_TURN = "SELECT state, millis, spacing_ms FROM doi_take_turn('Crossref', 100, 5000, %s, %s)";
    private static final String OLD_END = "SELECT doi_lookup_end('Crossref', '%s', 'old-pod', true, '{}', 60000, %s, %s)";
    private static final String OLD_PURGE = "SELECT doi_purge(50000)";

    private final FreshDatabase database = FreshDatabase.create();

    @Test
    void aDatabaseOfTheVersionBeforeMigratesAndForgetsWhatItsPodsLearntWithoutBounds() throws SQLException {
        Flyway.configure().dataSource(database.dataSource()).locations("classpath:db/migration").target("3").load().migrate();
        run(OLD_BEGIN.formatted("10.1/poisoned"));
        run(OLD_END.formatted("10.1/poisoned", "1000000000000", "1099999999000"));

        database.migrate();

        assertThat(database.count("SELECT count(*) FROM doi_upstream")).isZero();
        assertThat(text(OLD_BEGIN.formatted("10.1/next"))).isEqualTo("go");
    }

    @Test
    void theStatementsOfTheVersionBeforeRunOnTheMigratedDatabase() throws SQLException {
        database.migrate();

        assertThat(text(OLD_BEGIN.formatted("10.1/a"))).isEqualTo("go");
        run(OLD_END.formatted("10.1/a", "null", "null"));
        assertThat(text(OLD_BEGIN.formatted("10.1/a"))).isEqualTo("cached");
        assertThat(text(OLD_TURN.formatted("null", "null"))).isEqualTo("go");
        assertThat(text(OLD_PURGE)).isEqualTo("0");
    }

    @Test
    void aNarrowerAnnouncementBringsTheNextSlotBackIn() throws SQLException {
        database.migrate();
        run(OLD_TURN.formatted("2000", "null"));
        assertThat(text("SELECT state FROM doi_take_turn('Crossref', 100, 1000, null, null)")).as("spaced 2 s").isEqualTo("rate");

        assertThat(text("SELECT state FROM doi_take_turn('Crossref', 100, 1000, 20, null)")).isEqualTo("go");
    }

    @Test
    void aLaterPauseReplacesAnEarlierLongerOne() throws SQLException {
        database.migrate();
        run(OLD_TURN.formatted("null", "3600000"));
        assertThat(text(OLD_TURN.formatted("null", "null"))).isEqualTo("paused");

        run("SELECT doi_upstream_learn('Crossref', null, 1)");
        sleep(20);

        assertThat(text(OLD_TURN.formatted("null", "null"))).isEqualTo("go");
    }

    @Test
    void aNextSlotNoBookingCouldHaveSetIsReset() throws SQLException {
        database.migrate();
        run(OLD_TURN.formatted("null", "null"));
        database.execute("UPDATE doi_upstream SET next_slot = now() + interval '30 years'");

        assertThat(text(OLD_TURN.formatted("null", "null"))).isEqualTo("go");
    }

    @Test
    void aLearntSpacingIsForgottenTenMinutesAfterItWasAnnounced() throws SQLException {
        database.migrate();
        run(OLD_TURN.formatted("700", "null"));
        database.execute("UPDATE doi_upstream SET announced_at = now() - interval '11 minutes', next_slot = '-infinity'");

        assertThat(text("SELECT spacing_ms FROM doi_take_turn('Crossref', 100, 5000, null, null)")).isEqualTo("100");
    }

    @Test
    void thePurgeKeepsTheAnswersLastToExpireWithinTheByteBound() throws SQLException {
        database.migrate();
        for (int i = 0; i < 10; i++) {
            run("SELECT doi_lookup_end('Crossref', '10.1/" + i + "', 'pod', true, repeat('x', 1000), " + (60_000 + i * 1000)
                    + ", null, null)");
        }

        run("SELECT doi_purge(50000, 3500)");

        assertThat(database.count("SELECT coalesce(sum(octet_length(body)), 0) FROM doi_answer")).isEqualTo(3000);
        assertThat(database.count("SELECT min(substr(doi_key, 6)::int) FROM doi_answer")).isEqualTo(7);
    }

    private void run(String sql) throws SQLException {
        text(sql);
    }

    /** The first column of the statement's first row, as text (null when there is no row or it is null). */
    private String text(String sql) throws SQLException {
        try (Connection connection = database.dataSource().getConnection(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(sql)) {
            return rows.next() ? rows.getString(1) : null;
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
