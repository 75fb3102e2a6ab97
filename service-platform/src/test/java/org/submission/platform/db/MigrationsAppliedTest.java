package org.submission.platform.db;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.submission.platform.testing.FreshDatabase;

/** When a start may leave Flyway out: only when its history lists every bundled migration. */
class MigrationsAppliedTest {

    @Test
    void bundledVersionsAreReadFromTheMigrationFiles() {
        assertThat(MigrationsApplied.bundledVersions()).contains("1");
    }

    @Test
    void aMigratedDatabaseHasEveryBundledMigration() {
        assertThat(applied(FreshDatabase.create().migrate())).isTrue();
    }

    @Test
    void anEmptyDatabaseIsLeftToFlyway() {
        assertThat(applied(FreshDatabase.create())).isFalse();
    }

    @Test
    void aFailedMigrationIsLeftToFlyway() {
        FreshDatabase db = FreshDatabase.create().migrate();
        db.execute("UPDATE flyway_schema_history SET success = false WHERE version = '1'");

        assertThat(applied(db)).isFalse();
    }

    @Test
    void aMissingVersionIsLeftToFlyway() {
        FreshDatabase db = FreshDatabase.create().migrate();
        db.execute("DELETE FROM flyway_schema_history WHERE version = '1'");

        assertThat(applied(db)).isFalse();
    }

    @Test
    void anUnreachableDatabaseIsLeftToFlyway() {
        assertThat(MigrationsApplied.in("jdbc:postgresql://127.0.0.1:9/none", "postgres", "")).isFalse();
    }

    private static boolean applied(FreshDatabase db) {
        return MigrationsApplied.in(DatabaseUrls.jdbc(db.url()), "postgres", "");
    }
}
