package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.PackagedService;
import org.submission.platform.testing.PasswordLogins;

/**
 * The operator's guide's rotation of the database password ("Rotate secrets", "The database password"), its
 * SQL read from the guide and run as written: two login roles acting as one NOLOGIN group role that owns a
 * database of its own, with migrations on, and packaged services standing for the pods before and after the
 * roll. Both serve side by side, what the migrations create belongs to the group, the rolled pod logs in again
 * once the old password is retired, and a pod given the retired one never serves: with migrations on it stops
 * at start naming 28P01, with them off (the production overlay) it answers 503, readiness DOWN. The roles must
 * give their passwords, as on a real server. Its own launcher, not Quarkus': several instances, one of
 * which must not start.
 */
class DatabasePasswordRotationIT {

    private static final String PATH = "/policy/policies?submission=60";
    private static final String OLD_PASSWORD = "first-password";
    private static final String NEW_PASSWORD = "next-password";

    private final FreshDatabase server = FreshDatabase.server();

    @Test
    void aRotationBetweenTwoLoginRolesOfOneGroupKeepsServingAndRefusesTheRetiredPassword() throws Exception {
        FreshDatabase database = FreshDatabase.create();
        GuideParagraph guide = GuideParagraph.read();
        server.execute(guide.setUp().replace("<first>", OLD_PASSWORD));
        // the guide's choice for a database of the services' own, with migrations on
        server.execute("ALTER DATABASE " + database.name() + " OWNER TO submission");
        PasswordLogins.require(database, "submission_a");
        PasswordLogins.require(database, "submission_b");
        List<PackagedService> started = new ArrayList<>();
        try {
            PackagedService before = start(started, database, "submission_a", OLD_PASSWORD,
                    Map.of("SUBMISSION_SEED_DEMO", "true")).awaitReady(Duration.ofSeconds(300));
            assertThat(before.get(PATH).statusCode()).as("served as submission_a").isEqualTo(200);

            server.execute(guide.newPassword().replace("<new>", NEW_PASSWORD));
            PackagedService after = start(started, database, "submission_b", NEW_PASSWORD, Map.of()).awaitReady(Duration.ofSeconds(300));
            assertThat(before.get(PATH).statusCode()).as("the old pod, beside the new one").isEqualTo(200);
            assertThat(after.get(PATH).statusCode()).as("served as submission_b").isEqualTo(200);
            assertThat(database.rows("SELECT DISTINCT usename FROM pg_stat_activity WHERE datname = current_database()"
                    + " AND usename LIKE 'submission%' ORDER BY 1")).containsExactly("submission_a", "submission_b");
            assertThat(database.rows("""
                    SELECT pg_get_userbyid(relowner) FROM pg_class WHERE relnamespace = 'public'::regnamespace
                    UNION SELECT pg_get_userbyid(proowner) FROM pg_proc WHERE pronamespace = 'public'::regnamespace
                    UNION SELECT installed_by FROM flyway_schema_history""")).as("owners of what the migrations created")
                    .containsExactly("submission");

            before.close();
            server.execute(guide.retirement());
            server.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'submission_b'");
            assertThat(statusesUntil200(after)).as(() -> "logging in again as submission_b; the pod's log:\n" + after.log())
                    .isSubsetOf(200, 503);

            PackagedService migrating = start(started, database, "submission_a", OLD_PASSWORD, Map.of());
            assertThat(migrating.exitsWithin(Duration.ofSeconds(120))).as("a start with migrations on stops").isTrue();
            assertThat(migrating.process().exitValue()).isNotZero();
            assertThat(migrating.log()).contains("28P01", "password authentication failed for user \"submission_a\"");

            PackagedService production = start(started, database, "submission_a", OLD_PASSWORD,
                    Map.of("SUBMISSION_DB_MIGRATE", "false"))
                    .awaitReadiness(503, Duration.ofSeconds(300));
            assertThat(production.http().send(HttpRequest.newBuilder(production.uri("/q/health/ready")).build(),
                    HttpResponse.BodyHandlers.ofString()).body()).contains("refuses the services' login");
            HttpResponse<String> refused = production.get(PATH);
            assertThat(refused.statusCode()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).contains("5");
        } finally {
            started.forEach(PackagedService::close);
        }
    }

    /**
     * The SQL of the guide's paragraph "The database password": the owner's block run once, the new password of
     * step 1 and the retirement of step 4.
     */
    private record GuideParagraph(String setUp, String newPassword, String retirement) {

        static GuideParagraph read() throws IOException {
            String guide = Files.readString(Path.of("../docs/operator-guide.md"));
            String paragraph = guide.substring(guide.indexOf("**The database password.**"));
            paragraph = paragraph.substring(0, paragraph.indexOf("\n## "));
            String block = paragraph.substring(paragraph.indexOf("```sql\n") + 7);
            List<String> steps = Pattern.compile("`(ALTER ROLE [^`]*)`").matcher(paragraph).results().map(m -> m.group(1)).toList();
            assertThat(steps).hasSize(2);
            return new GuideParagraph(block.substring(0, block.indexOf("```")), steps.get(0), steps.get(1));
        }
    }

    /** A pod logging in as {@code user}, with {@code more} settings. */
    private static PackagedService start(List<PackagedService> started, FreshDatabase database, String user, String password,
                                         Map<String, String> more) {
        Map<String, String> settings = new HashMap<>(database.settings());
        settings.putAll(Map.of("SUBMISSION_DB_USER", user, "SUBMISSION_DB_PASSWORD", password));
        settings.putAll(more);
        PackagedService service = PackagedService.start(settings);
        started.add(service);
        return service;
    }

    /** The statuses of GETs of {@link #PATH}, one each 100 ms, until one answers 200 (20 s at most). */
    private static List<Integer> statusesUntil200(PackagedService service) throws IOException, InterruptedException {
        List<Integer> statuses = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline && !statuses.contains(200)) {
            HttpResponse<String> answer = service.get(PATH);
            statuses.add(answer.statusCode());
            Thread.sleep(100);
        }
        assertThat(statuses).contains(200);
        return statuses;
    }
}
