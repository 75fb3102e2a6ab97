package org.submission.doi.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.FreshDatabase;

/**
 * The places for calls open at once, shared by the pods in PostgreSQL (doi-service/README.md,
 * "Across pods"): taken with the lease by doi_lookup_begin, given back by doi_lookup_end, a
 * dead pod's place free again once it expires, and a freed place due to the lookup that has
 * waited longest for one, on whichever pod.
 */
class CallPlacesTest {

    /** As Coordination sends it: upstream, DOI key, holder, lease 30 s, no rate, 5 s wait, 3 places. */
    private static final String BEGIN = "SELECT state FROM doi_lookup_begin('Crossref', '%s', '%s', 30000, 0, 5000, 3)";
    private static final String END = "SELECT doi_lookup_end('Crossref', '%s', '%s', null, null, 0, null, null)";

    private final FreshDatabase database = FreshDatabase.create();

    @BeforeEach
    void migrated() {
        database.migrate();
    }

    @Test
    void aFourthLookupFindsEveryPlaceTakenAndKeepsItsLease() throws SQLException {
        for (int i = 1; i <= 3; i++) {
            assertThat(text(BEGIN.formatted("10.1/" + i, "pod-" + (i % 2)))).isEqualTo("go");
        }

        assertThat(text(BEGIN.formatted("10.1/4", "pod-0"))).isEqualTo("full");
        assertThat(database.count("SELECT count(*) FROM doi_lease WHERE doi_key = '10.1/4'")).isEqualTo(1);
        assertThat(database.count("SELECT count(*) FROM doi_call_place")).isEqualTo(3);
    }

    @Test
    void theEndOfACallGivesItsPlaceToTheNextLookup() throws SQLException {
        for (int i = 1; i <= 3; i++) {
            text(BEGIN.formatted("10.1/" + i, "pod-a"));
        }
        text(END.formatted("10.1/2", "pod-a"));

        assertThat(text(BEGIN.formatted("10.1/4", "pod-b"))).isEqualTo("go");
        assertThat(text(BEGIN.formatted("10.1/5", "pod-b"))).isEqualTo("full");
    }

    @Test
    void aDeadPodsPlacesComeBackOnceTheyExpire() throws SQLException {
        for (int i = 1; i <= 3; i++) {
            text(BEGIN.formatted("10.1/" + i, "dead-pod"));
        }
        database.execute("UPDATE doi_call_place SET expires_at = clock_timestamp() - interval '1 millisecond'");

        assertThat(text(BEGIN.formatted("10.1/4", "live-pod"))).isEqualTo("go");
        assertThat(database.count("SELECT count(*) FROM doi_call_place WHERE holder = 'live-pod'")).isEqualTo(1);
    }

    @Test
    void aFreedPlaceGoesToTheLookupThatWaitedForOneNotToANewcomer() throws SQLException {
        allPlacesTakenAndOneLookupWaiting();
        text(END.formatted("10.1/2", "pod-a"));

        assertThat(text(BEGIN.formatted("10.1/5", "pod-a"))).as("a newcomer").isEqualTo("full");
        assertThat(text(BEGIN.formatted("10.1/4", "pod-b"))).as("the one that waited").isEqualTo("go");
    }

    @Test
    void lookupsThatWaitedTakeFreedPlacesInTheOrderTheyBeganToWait() throws SQLException {
        allPlacesTakenAndOneLookupWaiting();
        assertThat(text(BEGIN.formatted("10.1/5", "pod-a"))).isEqualTo("full");
        text(END.formatted("10.1/1", "pod-a"));

        assertThat(text(BEGIN.formatted("10.1/5", "pod-a"))).as("the second to wait").isEqualTo("full");
        assertThat(text(BEGIN.formatted("10.1/4", "pod-b"))).as("the first to wait").isEqualTo("go");
        text(END.formatted("10.1/2", "pod-a"));
        assertThat(text(BEGIN.formatted("10.1/5", "pod-a"))).as("the second, its turn come").isEqualTo("go");
    }

    @Test
    void aLookupThatGivesUpWaitingLeavesTheLine() throws SQLException {
        allPlacesTakenAndOneLookupWaiting();
        text(END.formatted("10.1/4", "pod-b"));
        text(END.formatted("10.1/2", "pod-a"));

        assertThat(text(BEGIN.formatted("10.1/5", "pod-a"))).isEqualTo("go");
        assertThat(database.count("SELECT count(*) FROM doi_place_wait")).isZero();
    }

    @Test
    void aWaitingLookupThatStopsAskingNoLongerHoldsUpTheOthers() throws SQLException {
        allPlacesTakenAndOneLookupWaiting();
        database.execute("UPDATE doi_place_wait SET expires_at = clock_timestamp() - interval '1 millisecond'");
        text(END.formatted("10.1/2", "pod-a"));

        assertThat(text(BEGIN.formatted("10.1/5", "pod-a"))).isEqualTo("go");
    }

    /** Three lookups of pod-a hold the three places; pod-b's lookup of 10.1/4 waits for one. */
    private void allPlacesTakenAndOneLookupWaiting() throws SQLException {
        for (int i = 1; i <= 3; i++) {
            assertThat(text(BEGIN.formatted("10.1/" + i, "pod-a"))).isEqualTo("go");
        }
        assertThat(text(BEGIN.formatted("10.1/4", "pod-b"))).isEqualTo("full");
    }

    @Test
    void noPlacesMeansNoBound() throws SQLException {
        for (int i = 1; i <= 5; i++) {
            assertThat(text("SELECT state FROM doi_lookup_begin('Unpaywall', '10.1/" + i + "', 'pod', 30000, 0, 5000, 0)"))
                    .isEqualTo("go");
        }
        assertThat(database.count("SELECT count(*) FROM doi_call_place")).isZero();
    }

    /** The first column of the statement's first row, as text. */
    private String text(String sql) throws SQLException {
        try (Connection connection = database.dataSource().getConnection(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(sql)) {
            return rows.next() ? rows.getString(1) : null;
        }
    }
}
