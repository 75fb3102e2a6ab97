package org.submission.platform.db;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.FreshDatabase;

/**
 * The migrations leave PASS's tables without a trigger of the services, though earlier ones
 * installed some (notices, then a change log): pass-core's writes cost what they cost without the
 * services. Migrated from empty, as every database of the services' own is.
 */
class PassTablesWithoutTriggersTest {

    static FreshDatabase database;

    @BeforeAll
    static void migrated() {
        database = FreshDatabase.create().migrate();
    }

    @Test
    void noPassTableCarriesATrigger() {
        assertThat(database.rows("SELECT c.relname || ': ' || t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
                + " WHERE NOT t.tgisinternal AND c.relname LIKE 'pass\\_%'")).isEmpty();
    }

    @Test
    void theChangeLogAndItsFunctionsAreGone() {
        assertThat(database.rows("SELECT to_regclass('public.policy_change_log')::text")).containsExactly((String) null);
        assertThat(database.rows("SELECT p.proname FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace"
                + " AND p.prorettype = 'trigger'::regtype")).isEmpty();
    }
}
