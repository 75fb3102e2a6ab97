package org.submission.platform.db;

import static org.assertj.core.api.Assertions.assertThat;

import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.FreshDatabase;

class MigrationTest {

    @Test
    void migrationsCreateThePassLayoutOnAnEmptyDatabase() {
        FreshDatabase db = FreshDatabase.create().migrate();

        assertThat(db.count("SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
                + " AND table_name LIKE 'pass\\_%'")).isEqualTo(15);
        assertThat(db.count("SELECT count(*) FROM information_schema.sequences WHERE sequence_name = 'hibernate_sequence'"))
                .isEqualTo(1);
        assertThat(db.count("SELECT count(*) FROM information_schema.columns WHERE table_name = 'pass_submission_effectivepolicies'"
                + " AND column_name IN ('submission_id', 'effectivepolicies_id')")).isEqualTo(2);
    }

    @Test
    void migratingTwiceChangesNothing() {
        FreshDatabase db = FreshDatabase.create().migrate();
        long applied = db.count("SELECT count(*) FROM flyway_schema_history WHERE success");

        db.migrate();

        int bundled = Flyway.configure().dataSource(db.dataSource()).locations("classpath:db/migration").load().info().all().length;
        assertThat(applied).as("every bundled migration").isEqualTo(bundled).isGreaterThanOrEqualTo(4);
        assertThat(db.count("SELECT count(*) FROM flyway_schema_history WHERE success")).isEqualTo(applied);
    }
}
