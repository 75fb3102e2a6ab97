package org.submission.platform.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.PassCoreSchema;

/**
 * A database the services' migrations created and one pass-core created are the same to the
 * services and to pass-core: every PASS table the migrations create has pass-core's columns, with
 * its types, widths and nullability, whether the migrations ran on an empty database or on one
 * migrated by the release before (V1 to V4, then the rest).
 */
class PassCoreLayoutTest {

    private static final String COLUMNS = "SELECT table_name || '.' || column_name || ' ' || data_type"
            + " || coalesce('(' || character_maximum_length || ')', '') || CASE is_nullable WHEN 'NO' THEN ' not null' ELSE '' END"
            + " FROM information_schema.columns WHERE table_schema = 'public' AND table_name IN (%s) ORDER BY 1";

    static FreshDatabase passCore;

    @BeforeAll
    static void passCoresOwnDatabase() {
        passCore = PassCoreSchema.create();
    }

    @Test
    void anEmptyDatabaseMigratedHasPassCoresColumnsInEveryPassTable() {
        FreshDatabase ours = FreshDatabase.create().migrate();

        assertThat(columns(ours, passTablesOf(ours))).isEqualTo(columns(passCore, passTablesOf(ours)));
    }

    @Test
    void aDatabaseOfTheReleaseBeforeMigratedHasPassCoresColumnsInEveryPassTable() {
        FreshDatabase ours = atTheReleaseBefore();
        ours.execute("INSERT INTO pass_journal (id, journalname) VALUES (1, repeat('Annals of ', 40))");

        ours.migrate();

        assertThat(columns(ours, passTablesOf(ours))).isEqualTo(columns(passCore, passTablesOf(ours)));
    }

    @Test
    void theMigrationsCreateTheMappedTablesAndPassCoresPublication() {
        FreshDatabase ours = FreshDatabase.create().migrate();

        assertThat(passTablesOf(ours)).contains("'pass_journal'", "'pass_publication'", "'pass_submission'", "'pass_user'");
    }

    @Test
    void aJournalNameLongerThanPassCoresWidthIsCutAtAWordBoundaryByTheMigration() {
        FreshDatabase ours = atTheReleaseBefore();
        ours.execute("INSERT INTO pass_journal (id, journalname) VALUES (1, repeat('Annals ', 40) || repeat('x', 30))");

        ours.migrate();

        assertThat(text(ours, "SELECT journalname FROM pass_journal WHERE id = 1")).isEqualTo(repeatWord("Annals", 36));
    }

    /** A database as the release before left it: V1 to V4. */
    private static FreshDatabase atTheReleaseBefore() {
        FreshDatabase db = FreshDatabase.create();
        Flyway.configure().dataSource(db.dataSource()).locations("classpath:db/migration").target("4").load().migrate();
        return db;
    }

    private static String repeatWord(String word, int times) {
        return String.join(" ", Collections.nCopies(times, word));
    }

    private static String passTablesOf(FreshDatabase db) {
        List<String> tables = db.rows("SELECT quote_literal(table_name) FROM information_schema.tables"
                + " WHERE table_schema = 'public' AND table_name LIKE 'pass\\_%' ORDER BY 1");
        return String.join(", ", tables);
    }

    private static List<String> columns(FreshDatabase db, String tables) {
        return db.rows(COLUMNS.formatted(tables));
    }

    private static String text(FreshDatabase db, String sql) {
        return db.rows(sql).get(0);
    }
}
