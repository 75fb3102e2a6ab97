package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.Requests;
import org.submission.policy.rules.RulesFileProfile;

/**
 * A kept graph holds only the metadata fields the rules of its time read: rules that name another
 * field are answered from that field at once, not from the kept graph without it.
 */
@QuarkusTest
@TestProfile(HostileMetadataTest.RulesAndKeptGraphs.class)
@WithTestResource(PolicyTestDatabase.class)
class MetadataSourcesTest {

    private static final long SUBMISSION = 3_200_000;
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    Fixture fixture;

    @Inject
    DataSource dataSource;

    @Inject
    MeterRegistry registry;

    @AfterEach
    void forget() throws SQLException {
        sql("DELETE FROM pass_submission_grants WHERE submission_id = " + SUBMISSION,
                "DELETE FROM pass_submission WHERE id = " + SUBMISSION);
    }

    @Test
    void rulesNamingAnotherMetadataFieldReadItDespiteAKeptGraph() throws SQLException {
        fixture.ids();
        await().atMost(WAIT).until(() -> registry.get("policy_answer_cache_listening").gauge().value() == 1);
        RulesFileProfile.write(ComplianceTest.RULES);
        sql("INSERT INTO pass_submission (id, submitter_id, metadata) VALUES (" + SUBMISSION + ", " + fixture.id("ulrich")
                        + ", '{\"acceptedDate\": \"2024-01-01\", \"dateAccepted\": \"2025-08-01\"}')",
                "INSERT INTO pass_submission_grants (submission_id, grants_id) VALUES (" + SUBMISSION + ", " + fixture.id("G") + ")");
        // under the rules' default sources, acceptedDate: Funder One's policy otherwise; asked until served from memory
        await().atMost(WAIT).until(() -> {
            double hits = hits();
            return givenBy().contains("Funder One Policy (rule 2)") && hits() > hits;
        });

        RulesFileProfile.write("version: 1\ndates:\n  accepted: [metadata.dateAccepted]\n"
                + ComplianceTest.RULES.substring(ComplianceTest.RULES.indexOf("repositories:")));

        await().atMost(WAIT).until(() -> policies().contains(id("P4")));
        assertThat(policies()).doesNotContain(id("P1"));
    }

    private String id(String key) {
        return String.valueOf(fixture.id(key));
    }

    private double hits() {
        return registry.get("policy_answer_cache_requests").tag("result", "hit").counter().count();
    }

    /** The rules that gave the policies, as the explained answer names them. */
    private static List<String> givenBy() {
        return Requests.backend().queryParam("submission", SUBMISSION).queryParam("explain", true).get("/policy/policies")
                .then().statusCode(200).extract().jsonPath().getList("reasons.flatten().rule");
    }

    private static List<String> policies() {
        return Requests.backend().queryParam("submission", SUBMISSION).get("/policy/policies")
                .then().statusCode(200).extract().jsonPath().getList("id");
    }

    private void sql(String... statements) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            for (String each : statements) {
                statement.execute(each);
            }
        }
    }
}
