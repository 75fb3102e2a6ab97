package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.Requests;
import org.submission.policy.rules.RulesFileProfile;

/**
 * A submitter's own metadata, whatever they write, is read only for the fields the rules name and
 * only within {@code POLICY_RULES_METADATA_MAX_BYTES} (256 KB): anything else is "no accepted
 * date", answered as usual to the submitter, and the kept graph holds the fields read, not the text.
 */
@QuarkusTest
@TestProfile(HostileMetadataTest.RulesAndKeptGraphs.class)
@WithTestResource(PolicyTestDatabase.class)
class HostileMetadataTest {

    /**
     * The rules file of {@link RulesFileProfile} in an application of its own: started after
     * ComplianceTest's under the same profile, the pod was seen never to hear PASS's notices, and
     * these tests need the kept graphs.
     */
    public static class RulesAndKeptGraphs extends RulesFileProfile {
    }

    private static final long CONTROL = 3_100_000;
    private static final long SUBMISSION = 3_100_001;
    private static final String NO_DATE = "no accepted date (metadata.acceptedDate, metadata.publicationDate, submittedDate)";

    @Inject
    Fixture fixture;

    @Inject
    DataSource dataSource;

    @Inject
    MeterRegistry registry;

    /** The rules in use, proven on a submission accepted after their date (a fresh id each test, so none is kept). */
    @BeforeEach
    void rules() throws SQLException {
        fixture.ids();
        RulesFileProfile.write(ComplianceTest.RULES);
        submission(CONTROL, "'{\"acceptedDate\": \"2025-08-01\"}'");
        await().atMost(Duration.ofSeconds(30)).until(() -> policies(CONTROL).getList("id")
                .contains(String.valueOf(fixture.id("P4"))));
    }

    @AfterEach
    void forget() throws SQLException {
        sql("DELETE FROM pass_submission_grants WHERE submission_id IN (" + CONTROL + ", " + SUBMISSION + ")",
                "DELETE FROM pass_submission WHERE id IN (" + CONTROL + ", " + SUBMISSION + ")");
    }

    @Test
    void fourMegabytesOfEmptyObjectsAreNoAcceptedDate() throws SQLException {
        submission(SUBMISSION, "'[' || repeat('{},', 1400000) || '{}]'");

        assertUndecided(policies(SUBMISSION));
        Requests.as("ulrich@elsewhere.org").queryParam("submission", SUBMISSION).get("/policy/compliance")
                .then().statusCode(200);
    }

    @Test
    void aWellFormedDateInMetadataOverTheBoundIsNotRead() throws SQLException {
        submission(SUBMISSION, "'{\"acceptedDate\": \"2025-08-01\", \"abstract\": \"' || repeat('x', 300000) || '\"}'");

        assertUndecided(policies(SUBMISSION));
    }

    @Test
    void malformedMetadataIsNoAcceptedDate() throws SQLException {
        submission(SUBMISSION, "'{\"title\": not json, \"acceptedDate\": \"2025-08-01\"}'");

        assertUndecided(policies(SUBMISSION));
    }

    @Test
    void aKeptGraphHoldsTheFieldsReadNotTheMetadata() throws SQLException {
        await().atMost(Duration.ofSeconds(30)).until(() -> registry.get("policy_answer_cache_listening").gauge().value() == 1);
        double before = keptBytes();
        submission(SUBMISSION, "'{\"abstract\": \"' || repeat('x', 100000) || '\", \"acceptedDate\": \"2025-08-01\"}'");

        // asked until served from memory: the graph is kept, the notices of its insert heard
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            double hits = registry.get("policy_answer_cache_requests").tag("result", "hit").counter().count();
            assertThat(policies(SUBMISSION).getList("id")).contains(String.valueOf(fixture.id("P4")))
                    .doesNotContain(String.valueOf(fixture.id("P1")));
            return registry.get("policy_answer_cache_requests").tag("result", "hit").counter().count() > hits;
        });

        assertThat(keptBytes() - before).isLessThan(10_000);
    }

    /** Funder One's two policies undecided for want of the date, named in the answer; Funder Two's decided. */
    private void assertUndecided(JsonPath answer) {
        assertThat(answer.getList("findAll { it.undecided }.id")).containsExactly(
                String.valueOf(fixture.id("P1")), String.valueOf(fixture.id("P4")));
        assertThat(answer.getList("findAll { it.undecided }.undecided")).containsOnly(NO_DATE);
    }

    private double keptBytes() {
        return registry.get("policy_answer_cache_bytes").gauge().value();
    }

    /** The submitter's own question, as the PASS UI asks it. */
    private static JsonPath policies(long submission) {
        return Requests.as("ulrich@elsewhere.org").queryParam("submission", submission).get("/policy/policies")
                .then().statusCode(200).extract().jsonPath();
    }

    /** Ulrich's submission under Funder One's grant, with that SQL expression as its metadata. */
    private void submission(long id, String metadata) throws SQLException {
        sql("INSERT INTO pass_submission (id, submitter_id, metadata) VALUES (" + id + ", " + fixture.id("ulrich")
                        + ", " + metadata + ")",
                "INSERT INTO pass_submission_grants (submission_id, grants_id) VALUES (" + id + ", " + fixture.id("G") + ")");
    }

    private void sql(String... statements) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            for (String each : statements) {
                statement.execute(each);
            }
        }
    }
}
