package org.submission.platform.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hibernate.reactive.mutiny.Mutiny;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.shared.model.Journal;
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.Requests;

/**
 * A database owned by another PASS system: tables created by it (no Flyway history) with columns
 * the services do not map, some of them bytea. With migrations off the services must leave it
 * untouched and still read and write it.
 */
@QuarkusTest
@TestProfile(ForeignDatabaseTest.Profile.class)
class ForeignDatabaseTest {

    static FreshDatabase foreign;

    public static class Profile implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(ForeignDatabase.class));
        }
    }

    public static class ForeignDatabase implements QuarkusTestResourceLifecycleManager {
        @Override
        public Map<String, String> start() {
            foreign = FreshDatabase.create();
            foreign.execute(migrationSql("V1__pass_tables.sql"));
            foreign.execute("ALTER TABLE pass_user ADD COLUMN photo bytea, ADD COLUMN orcid varchar(255);"
                    + " ALTER TABLE pass_submission ADD COLUMN submitteddate timestamp, ADD COLUMN signature bytea;"
                    + " ALTER TABLE pass_journal ADD COLUMN cover bytea;"
                    + " ALTER TABLE pass_repository ADD COLUMN url varchar(255)");
            // the rest of pass-core's layout, which the entities map (its grant and submission dates)
            foreign.execute(migrationSql("V5__pass_core_columns.sql"));
            return Map.of("submission.db.url", foreign.url(), "submission.db.user", "postgres",
                    "submission.db.migrate", "false", "submission.seed.demo", "true");
        }

        @Override
        public void stop() {
            // the embedded server outlives the test class
        }

        private static String migrationSql(String file) {
            try (InputStream in = ForeignDatabaseTest.class.getClassLoader()
                    .getResourceAsStream("db/migration/" + file)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    @Inject
    Mutiny.SessionFactory sessions;

    /** The demo data, loaded at start into the empty foreign tables, gets values in the unmapped columns. */
    @BeforeEach
    void unmappedColumnsFilled() {
        foreign.execute("UPDATE pass_user SET photo = '\\x89504e47'::bytea, orcid = 'https://orcid.org/0000-0001'");
    }

    @Test
    void migrationsOffLeaveTheDatabaseWithoutFlywayHistory() {
        assertThat(foreign.count("SELECT count(*) FROM information_schema.tables WHERE table_name = 'flyway_schema_history'"))
                .isZero();
    }

    @Test
    void usersWithUnmappedByteaColumnsAreRead() {
        Requests.as("ada@example.edu")
                .when().get("/probe")
                .then().statusCode(200)
                .body("userId", equalTo("3"));
    }

    @Test
    void newRowsLeaveUnmappedColumnsEmpty() {
        Journal journal = new Journal();
        journal.journalName = "Foreign Journal";
        journal.issns = new ArrayList<>(List.of("Online:1111-2222"));
        Long id = sessions.withTransaction(s -> s.persist(journal).replaceWith(() -> journal.id)).await().indefinitely();

        assertThat(foreign.count("SELECT count(*) FROM pass_journal WHERE id = " + id + " AND cover IS NULL")).isEqualTo(1);
    }
}
