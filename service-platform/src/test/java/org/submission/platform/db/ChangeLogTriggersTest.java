package org.submission.platform.db;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.FreshDatabase;

/**
 * PASS's change log is written for pass-core's saves by a role that has no right on it, whatever
 * that role's search_path holds: the triggers run as their owner without a search_path of their
 * own, so they must name nothing through the caller's. The writer here has, first in its path, a
 * schema of its own with an exact match for every operator and function the triggers use, each of
 * which fails the statement if it is ever called.
 */
class ChangeLogTriggersTest {

    private static final String WRITER = "change_log_writer";
    private static final String HIJACKS = """
            CREATE FUNCTION writers_own.hijacked(bigint, integer) RETURNS bigint LANGUAGE plpgsql
                AS $$ BEGIN RAISE EXCEPTION 'the writer''s own operator ran as %', current_user; END $$;
            CREATE FUNCTION writers_own.hijacked_eq(bigint, integer) RETURNS boolean LANGUAGE plpgsql
                AS $$ BEGIN RAISE EXCEPTION 'the writer''s own = ran as %', current_user; END $$;
            CREATE FUNCTION writers_own.hijacked_eq(integer, integer) RETURNS boolean LANGUAGE plpgsql
                AS $$ BEGIN RAISE EXCEPTION 'the writer''s own = ran as %', current_user; END $$;
            CREATE FUNCTION writers_own.hijacked_eq(text, text) RETURNS boolean LANGUAGE plpgsql
                AS $$ BEGIN RAISE EXCEPTION 'the writer''s own = ran as %', current_user; END $$;
            CREATE OPERATOR writers_own.% (LEFTARG = bigint, RIGHTARG = integer, FUNCTION = writers_own.hijacked);
            CREATE OPERATOR writers_own.= (LEFTARG = bigint, RIGHTARG = integer, FUNCTION = writers_own.hijacked_eq);
            CREATE OPERATOR writers_own.= (LEFTARG = integer, RIGHTARG = integer, FUNCTION = writers_own.hijacked_eq);
            CREATE OPERATOR writers_own.= (LEFTARG = text, RIGHTARG = text, FUNCTION = writers_own.hijacked_eq);
            CREATE FUNCTION writers_own.cardinality(bigint[]) RETURNS integer LANGUAGE plpgsql
                AS $$ BEGIN RAISE EXCEPTION 'the writer''s own cardinality ran as %', current_user; END $$;
            CREATE FUNCTION writers_own.current_setting(text, boolean) RETURNS text LANGUAGE plpgsql
                AS $$ BEGIN RAISE EXCEPTION 'the writer''s own current_setting ran as %', current_user; END $$;
            CREATE FUNCTION writers_own.set_config(text, text, boolean) RETURNS text LANGUAGE plpgsql
                AS $$ BEGIN RAISE EXCEPTION 'the writer''s own set_config ran as %', current_user; END $$;
            """;

    // pass-core saving a submission: its row and its grants rewritten, in one transaction (the writer's
    // own statements name pg_catalog's =, so that only the triggers could call the writer's)
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
        database.execute("SET ROLE " + WRITER + "; " + HIJACKS);
    }

    @Test
    void aSubmissionSavedByAWriterWithNoRightOnTheLogIsLoggedOnce() {
        long before = lastSeq();

        asWriter("\"$user\", public", SUBMISSION_SAVED);

        assertThat(database.rows("SELECT submissions::text FROM policy_change_log WHERE seq > " + before)).containsExactly("{1}");
    }

    @Test
    void theWritersOwnOperatorsAndFunctionsFirstInItsSearchPathAreNeverCalled() {
        long before = lastSeq();

        asWriter("writers_own, pg_catalog, public", SUBMISSION_SAVED + " UPDATE pass_grant SET awardnumber = 'A-1'"
                + " WHERE id OPERATOR(pg_catalog.=) 1");

        assertThat(database.rows("SELECT coalesce(submissions::text, 'all') FROM policy_change_log WHERE seq > " + before
                + " ORDER BY seq")).containsExactly("{1}", "all");
    }

    private static void asWriter(String searchPath, String statements) {
        database.execute("SET ROLE " + WRITER + "; SET search_path = " + searchPath + "; " + statements);
    }

    private static long lastSeq() {
        return database.count("SELECT coalesce(max(seq), 0) FROM policy_change_log");
    }
}
