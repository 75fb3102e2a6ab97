package org.submission.policy;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.sql.SQLException;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.Requests;
import org.submission.policy.rules.RulesFileProfile;

/**
 * A version-2 rules file served: a grant's award and start dates read from PASS's grant columns,
 * the funder table matching PASS's funder names ignoring case and spacing, compliance saying what
 * a copy misses, and a rule naming a record PASS lacks named in readiness and a metric.
 */
@QuarkusTest
@TestProfile(RulesFileProfile.class)
@WithTestResource(PolicyTestDatabase.class)
@WithTestResource(DoiServiceStandIn.Patient.class)
class VersionTwoRulesTest {

    private static final long SUBMISSION = 3_100_000;
    private static final String SUBMITTER = "ulrich@elsewhere.org";
    private static final long GRANT = 3_100_001;
    private static final String RULES = """
            version: 2
            missing-records: inactive
            funders:
              one: {names: ["FUNDER   one"]}
              two: {names: ["funder two"]}
            repositories:
              "Funder One Archive": {prefixes: [pmc.ncbi.nlm.nih.gov/], key: one, url: "https://pmc.ncbi.nlm.nih.gov/"}
            policies:
              - key: one-2026
                policy: "Funder Four Policy"
                funders: [one]
                when: {grant.awarded: {from: 2026-01-22}}
                requires: {repository: "Funder One Archive", versions: [acceptedVersion], licences: [cc-by], embargo-months: 0}
                source: {url: "https://funder.example.org/2026", checked: 2026-11-30}
              - key: one-2016
                policy: "Funder One Policy"
                funders: [one]
                when: otherwise
                source: {url: "https://funder.example.org/2016", checked: 2026-11-30, confidence: unverified}
              - key: two-started
                policy: "Unrelated Policy"
                funders: [two]
                when: {grant.started: {from: 2024-01-01}}
                source: {url: "https://funder.example.org/two", checked: 2026-11-30}
              - key: not-in-pass
                policy: "A Policy PASS Does Not Have"
                funders: [one]
                when: {grant.awarded: {from: 2030-01-01}}
                source: {url: "https://funder.example.org/2030", checked: 2026-11-30}
            """;

    WireMockServer doiService;

    @Inject
    Fixture fixture;

    @BeforeEach
    void rulesAndSubmission() throws Exception {
        fixture.ids();
        RulesFileProfile.write(RULES);
        grant("2026-02-01", "2024-06-01");
        fixture.sql("INSERT INTO pass_submission (id, submitter_id, metadata) VALUES (" + SUBMISSION + ", " + fixture.id("ulrich")
                        + ", '{\"doi\": \"10.1234/v2\"}')",
                "INSERT INTO pass_submission_grants (submission_id, grants_id) VALUES (" + SUBMISSION + ", " + GRANT + ")");
        fixture.caughtUp();
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!explain().getList("id").contains(String.valueOf(fixture.id("P4"))) && System.nanoTime() < end) {
            Thread.sleep(50);
        }
        doiService.resetAll();
    }

    @AfterEach
    void forget() throws SQLException {
        fixture.sql("DELETE FROM pass_submission_grants WHERE submission_id = " + SUBMISSION,
                "DELETE FROM pass_submission WHERE id = " + SUBMISSION, "DELETE FROM pass_grant WHERE id = " + GRANT);
    }

    private void grant(String awarded, String started) throws SQLException {
        fixture.sql("INSERT INTO pass_grant (id, awardnumber, primaryfunder_id, directfunder_id, awarddate, startdate) VALUES (" + GRANT
                        + ", 'V2', " + fixture.id("F2") + ", " + fixture.id("F1") + ", '" + awarded + "', '" + started + "')"
                        + " ON CONFLICT (id) DO UPDATE SET awarddate = EXCLUDED.awarddate, startdate = EXCLUDED.startdate");
    }

    private JsonPath explain() {
        return Requests.backend().queryParam("submission", SUBMISSION).queryParam("explain", true).get("/policy/policies")
                .then().statusCode(200).extract().jsonPath();
    }

    private JsonPath plain() {
        return Requests.backend().queryParam("submission", SUBMISSION).get("/policy/policies")
                .then().statusCode(200).extract().jsonPath();
    }

    private List<String> policiesAs(RequestSpecification caller) {
        return caller.queryParam("submission", SUBMISSION).get("/policy/policies").then().statusCode(200).extract().jsonPath()
                .getList("id");
    }

    private String reasonOf(JsonPath answer, String policyKey, String member) {
        return answer.getString("find { it.id == '" + fixture.id(policyKey) + "' }.reasons[0]." + member);
    }

    @Test
    void theGrantsAwardDateFromPassChoosesThePolicyAndTheReasonSaysWhichRuleAndSource() {
        JsonPath answer = explain();
        assertThat(reasonOf(answer, "P4", "key")).isEqualTo("one-2026");
        assertThat(reasonOf(answer, "P4", "'grant.awarded'")).isEqualTo("2026-02-01");
        assertThat(reasonOf(answer, "P4", "source")).isEqualTo("https://funder.example.org/2026");
        assertThat(reasonOf(answer, "P4", "confidence")).isEqualTo("verified");
    }

    // the policies worked out from a kept graph are kept with it, for the caller's affiliation and explain among the rest
    @Test
    void aCallerAffiliatedWithTheInstitutionGetsItsPolicyFromAGraphKeptForOneWhoIsNot() {
        String institutional = String.valueOf(fixture.id("P3"));
        assertThat(policiesAs(Requests.backend())).doesNotContain(institutional);
        assertThat(policiesAs(Requests.backend())).doesNotContain(institutional);

        assertThat(policiesAs(Requests.as(SUBMITTER, "lab@example.edu"))).contains(institutional);
        assertThat(policiesAs(Requests.as(SUBMITTER))).doesNotContain(institutional);
        assertThat(policiesAs(Requests.backend())).doesNotContain(institutional);
    }

    @Test
    void anExplainedAnswerAndAPlainOneOfOneKeptGraphEachKeepTheirShape() {
        assertThat(plain().getList("reasons")).containsOnlyNulls();
        assertThat(reasonOf(explain(), "P4", "key")).isEqualTo("one-2026");
        assertThat(plain().getList("reasons")).containsOnlyNulls();
        assertThat(reasonOf(explain(), "P4", "key")).isEqualTo("one-2026");
    }

    @Test
    void theGrantsStartDateFromPassChoosesThePolicy() {
        JsonPath answer = explain();
        assertThat(reasonOf(answer, "P5", "key")).isEqualTo("two-started");
        assertThat(reasonOf(answer, "P5", "'grant.started'")).isEqualTo("2024-06-01");
    }

    @Test
    void anAwardBeforeTheDateGetsTheOtherwiseRule() throws Exception {
        grant("2025-01-01", "2024-06-01");
        fixture.caughtUp();
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (explain().getList("id").contains(String.valueOf(fixture.id("P4"))) && System.nanoTime() < end) {
            Thread.sleep(50);
        }
        JsonPath answer = explain();
        assertThat(reasonOf(answer, "P1", "key")).isEqualTo("one-2016");
        assertThat(reasonOf(answer, "P1", "confidence")).isEqualTo("unverified");
    }

    @Test
    void complianceSaysWhatACopyMisses() {
        doiService.stubFor(get(urlPathEqualTo("/doi/manuscript")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(ComplianceTest
                        .copy("https://pmc.ncbi.nlm.nih.gov/articles/PMC9/", "acceptedVersion", "2025-09-01")
                        .replace("\"cc-by\"", "\"cc-by-nc\""))));
        JsonPath answer = Requests.backend().queryParam("submission", SUBMISSION).get("/policy/compliance")
                .then().statusCode(200).extract().jsonPath();
        String policy = "policies.find { it.id == '" + fixture.id("P4") + "' }";
        assertThat(answer.getString(policy + ".verdict")).as(answer.prettify()).isEqualTo("deposit");
        assertThat(answer.getList(policy + ".requires.licences")).containsExactly("cc-by");
        assertThat(answer.getString(policy + ".copies[0].misses")).isEqualTo("CC BY required, copy is cc-by-nc");
    }

    @Test
    void aRuleNamingARecordPassLacksIsNamedInReadinessAndCounted() {
        JsonPath readiness = given().get("/q/health/ready").then().extract().jsonPath();
        assertThat(readiness.getString("status")).isEqualTo("UP");
        assertThat(readiness.getString("checks.find { it.name == 'policy-rules' }.data.inactive"))
                .isEqualTo("not-in-pass (no policy \"A Policy PASS Does Not Have\")");
        assertThat(given().get("/q/metrics").then().extract().asString()).containsPattern("(?m)^policy_rules_inactive\\S* 1\\.0$");
    }
}
