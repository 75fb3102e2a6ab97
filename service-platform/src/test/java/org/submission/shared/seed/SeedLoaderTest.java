package org.submission.shared.seed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.hibernate.reactive.mutiny.Mutiny;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.TestData;

@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class SeedLoaderTest {

    private static final String ALL_ROWS = "SELECT (SELECT count(*) FROM pass_user) + (SELECT count(*) FROM pass_repository)"
            + " + (SELECT count(*) FROM pass_policy) + (SELECT count(*) FROM pass_funder) + (SELECT count(*) FROM pass_grant)"
            + " + (SELECT count(*) FROM pass_submission) + (SELECT count(*) FROM pass_journal)"
            + " + (SELECT count(*) FROM pass_submission_grants) + (SELECT count(*) FROM pass_policy_repositories)";

    @Inject
    SeedLoader loader;

    @Inject
    DataSource dataSource;

    @Inject
    Mutiny.SessionFactory sessions;

    @BeforeEach
    void emptyDatabase() {
        TestData.clear(dataSource);
    }

    private Map<String, Long> load(String seed, String source) {
        return loader.loadAndAwait(seed, source, false);
    }

    @Test
    void demoDataLoadsWithEveryRelation() {
        Map<String, Long> ids = load(SeedOnStart.demoData(), "demo");

        assertThat(ids).containsEntry("alice", 1L).containsEntry("s-both", 60L);
        assertThat(count("SELECT count(*) FROM pass_submission_grants WHERE submission_id = 60")).isEqualTo(2);
        assertThat(count("SELECT count(*) FROM pass_submission_preparers WHERE preparers_id = 2")).isEqualTo(1);
        assertThat(count("SELECT count(*) FROM pass_grant WHERE id = 41 AND primaryfunder_id = 31 AND directfunder_id = 32"))
                .isEqualTo(1);
        assertThat(count("SELECT count(*) FROM pass_journal_issns WHERE issns = 'Online:1179-5468'")).isEqualTo(1);
        assertThat(count("SELECT count(*) FROM pass_user WHERE id = 3 AND roles = 'admin,submitter'")).isEqualTo(1);
    }

    @Test
    void explicitIdsMoveTheSequencePastThem() {
        load(SeedOnStart.demoData(), "demo");

        assertThat(count("SELECT nextval('hibernate_sequence')")).isGreaterThan(62);
    }

    @Test
    void recordsWithoutIdTakeThemFromTheGlobalSequence() {
        Map<String, Long> ids = load("{\"users\": [{\"key\": \"u\"}], \"repositories\": [{\"key\": \"r\", \"name\": \"R\"}]}", "t");

        assertThat(ids.get("r")).isEqualTo(ids.get("u") + 1);
    }

    @Test
    void recordsWithoutIdNeverTakeAnIdTheFileGives() {
        long next = count("SELECT last_value FROM hibernate_sequence") + 1;
        Map<String, Long> ids = load("{\"users\": [{\"key\": \"a\"}, {\"key\": \"b\", \"id\": " + next + "}]}", "t");

        assertThat(ids.get("a")).isGreaterThan(next);
    }

    @Test
    void referenceToARecordWithoutIdTakesTheIdItWasGiven() {
        Map<String, Long> ids = load("{\"users\": [{\"key\": \"u\"}],"
                + " \"submissions\": [{\"key\": \"s\", \"submitter\": \"u\", \"preparers\": [\"u\"]}]}", "t");

        assertThat(count("SELECT count(*) FROM pass_submission s JOIN pass_submission_preparers p ON p.submission_id = s.id"
                + " WHERE s.id = " + ids.get("s") + " AND s.submitter_id = " + ids.get("u") + " AND p.preparers_id = "
                + ids.get("u"))).isEqualTo(1);
    }

    @Test
    void metadataObjectIsStoredAsJsonText() {
        load("{\"submissions\": [{\"key\": \"s\", \"id\": 5, \"metadata\": {\"title\": \"T\"}}]}", "t");

        assertThat(count("SELECT count(*) FROM pass_submission WHERE metadata::jsonb = '{\"title\": \"T\"}'::jsonb"))
                .isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "dangling reference|{\"users\": [{\"key\": \"u\"}], \"submissions\": [{\"key\": \"s1\", \"submitter\": \"nobody\"}]}"
                + "|submissions[0] (key \"s1\"): field \"submitter\" refers to \"nobody\"",
        "reference to a record of another type|{\"users\": [{\"key\": \"u\"}], \"grants\": [{\"key\": \"g\", \"primaryFunder\": \"u\"}]}"
                + "|grants[0] (key \"g\"): field \"primaryFunder\" refers to \"u\", which is not the key of a funders record",
        "wrong type|{\"users\": [{\"key\": \"u\", \"roles\": \"admin\"}]}|users[0] (key \"u\"): field \"roles\" must be an array of strings",
        "unknown field|{\"policies\": [{\"key\": \"p\", \"titel\": \"x\"}]}|policies[0] (key \"p\"): unknown field \"titel\"",
        "unknown record type|{\"grantz\": []}|unknown record type \"grantz\"",
        "missing key|{\"users\": [{\"username\": \"x\"}]}|users[0] needs a non-empty string \"key\"",
        "duplicate key|{\"users\": [{\"key\": \"a\"}], \"funders\": [{\"key\": \"a\"}]}|funders[0] (key \"a\") reuses a key",
        "duplicate id|{\"users\": [{\"key\": \"u1\", \"id\": 7}, {\"key\": \"u2\", \"id\": 7}]}"
                + "|users[1] (key \"u2\"): \"id\" 7 is already given to users[0] (key \"u1\")",
        "malformed JSON|{\"users\": [{\"key\": \"a\",]}|malformed JSON at line 1",
    })
    void badSeedIsRefusedNamingTheRecordAndWritesNothing(String what, String seed, String message) {
        assertThatThrownBy(() -> load(seed, "bad.json"))
                .isInstanceOf(SeedException.class)
                .hasMessageStartingWith("bad.json: ")
                .hasMessageContaining(message);
        assertThat(count(ALL_ROWS)).isZero();
    }

    @Test
    void databaseRefusalRollsBackEveryEarlierRecord() {
        load("{\"users\": [{\"key\": \"held\", \"id\": 7}]}", "first.json");
        String seed = "{\"users\": [{\"key\": \"u1\", \"id\": 8}, {\"key\": \"u2\", \"id\": 7}]}";

        assertThatThrownBy(() -> load(seed, "clash.json"))
                .isInstanceOf(SeedException.class)
                .hasMessageStartingWith("clash.json: users[1] (key \"u2\"): the database refused the record");
        assertThat(count("SELECT count(*) FROM pass_user")).isEqualTo(1);
    }

    @Test
    void loadingOnlyIntoAnEmptyDatabaseSkipsAFilledOne() {
        loader.loadAndAwait(SeedOnStart.demoData(), "demo", true);
        Map<String, Long> second = loader.loadAndAwait(SeedOnStart.demoData(), "demo", true);

        assertThat(second).isEmpty();
        assertThat(count("SELECT count(*) FROM pass_user")).isEqualTo(4);
    }

    @Test
    void servicesSeedingTogetherLoadTheDataOnce() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            Callable<Map<String, Long>> load = () -> loader.loadAndAwait(SeedOnStart.demoData(), "demo", true);
            List<Future<Map<String, Long>>> results = pool.invokeAll(List.of(load, load, load));

            long loaded = 0;
            for (Future<Map<String, Long>> result : results) {
                loaded += result.get().isEmpty() ? 0 : 1;
            }
            assertThat(loaded).isEqualTo(1);
            assertThat(count("SELECT count(*) FROM pass_user")).isEqualTo(4);
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void aServiceStartingWhileAnotherSeedsWaitsLongerThanTheLockTimeout() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Connection other = dataSource.getConnection()) {
            other.setAutoCommit(false);
            try (Statement statement = other.createStatement()) {
                statement.execute("select pg_advisory_xact_lock(7461001)");   // the seed lock, as a replica loading holds it
            }
            Future<Map<String, Long>> waiting = pool.submit(() -> loader.loadAndAwait(SeedOnStart.demoData(), "demo", true));
            Thread.sleep(3_000);   // longer than submission.db.lock-timeout (2 s) and the lock wait would have given up
            other.commit();

            assertThat(waiting.get(60, TimeUnit.SECONDS)).as("loaded, once the other let go").isNotEmpty();
        } finally {
            pool.shutdown();
        }
    }

    private long count(String sql) {
        return sessions.withSession(session -> session.createNativeQuery(sql, Long.class).getSingleResult())
                .await().indefinitely();
    }
}
