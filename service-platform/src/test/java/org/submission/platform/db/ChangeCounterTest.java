package org.submission.platform.db;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.FreshDatabase;

/**
 * PASS's change counter is moved by pass-core's saves, made by a role that has no right on it,
 * whatever that role's search_path holds: the trigger function runs as its owner without a
 * search_path of its own, so it names nothing through the caller's. The writer here has, first in
 * its path, a schema of its own with a nextval that fails the statement if it is ever called. And
 * the triggers of the migrations before (a row logged per statement) are gone.
 */
class ChangeCounterTest {

    private static final String WRITER = "change_counter_writer";

    // pass-core saving a submission: its row and its grants rewritten, in one transaction
    private static final String SUBMISSION_SAVED = "BEGIN;"
            + " UPDATE pass_submission SET metadata = '{}' WHERE id OPERATOR(pg_catalog.=) 1;"
            + " DELETE FROM pass_submission_grants WHERE submission_id OPERATOR(pg_catalog.=) 1;"
            + " INSERT INTO pass_submission_grants (submission_id, grants_id) VALUES (1, 1), (1, 2);"
            + " COMMIT;";

    static FreshDatabase database;

    @BeforeAll
    static void migratedWithAWriterOfPassTablesOnly() {
        database = FreshDatabase.create().migrate();
        // roles are the server's: one left by an earlier run is reused
        database.execute("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + WRITER + "') THEN"
                + " CREATE ROLE " + WRITER + "; END IF; END $$;"
                + " GRANT SELECT, INSERT, UPDATE, DELETE ON pass_grant, pass_submission, pass_submission_grants TO " + WRITER + ";"
                + " CREATE SCHEMA writers_own AUTHORIZATION " + WRITER + ";"
                + " INSERT INTO pass_user (id, username) VALUES (1, 'ada@example.edu');"
                + " INSERT INTO pass_grant (id) VALUES (1), (2);"
                + " INSERT INTO pass_submission (id, submitter_id) VALUES (1, 1);"
                + " INSERT INTO pass_submission_grants (submission_id, grants_id) VALUES (1, 1)");
        database.execute("SET ROLE " + WRITER + "; CREATE FUNCTION writers_own.nextval(regclass) RETURNS bigint LANGUAGE plpgsql"
                + " AS $$ BEGIN RAISE EXCEPTION 'the writer''s own nextval ran as %', current_user; END $$;");
    }

    @Test
    void aSubmissionSavedByAWriterWithNoRightOnTheCounterMovesIt() {
        long before = counter();

        asWriter("\"$user\", public", SUBMISSION_SAVED);

        assertThat(counter()).isGreaterThan(before);
    }

    @Test
    void theWritersOwnNextvalFirstInItsSearchPathIsNeverCalled() {
        long before = counter();

        asWriter("writers_own, pg_catalog, public", SUBMISSION_SAVED);

        assertThat(counter()).isGreaterThan(before);
    }

    @Test
    void theTriggersOfTheChangeLogBeforeAreGone() {
        assertThat(database.rows("SELECT DISTINCT t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
                + " WHERE NOT t.tgisinternal AND c.relname LIKE 'pass\\_%'")).containsExactly("submission_services_counted");
        assertThat(database.rows("SELECT to_regclass('public.policy_change_log')::text")).containsExactly((String) null);
    }

    private long counter() {
        return database.count("SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM pass_change_counter");
    }

    private static void asWriter(String searchPath, String statements) {
        database.execute("SET ROLE " + WRITER + "; SET search_path = " + searchPath + "; " + statements
                + " RESET search_path; RESET ROLE");
    }
}
