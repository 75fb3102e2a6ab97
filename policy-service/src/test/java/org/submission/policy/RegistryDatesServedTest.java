package org.submission.policy;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.platform.testing.Requests;
import org.submission.policy.rules.RulesFileProfile;

/**
 * A rules file's {@code registry.*} dates served, against a DOI service on loopback answering
 * {@code /doi/registry} as it does (its dates as precise as the registry's date-parts): the date
 * PASS lacks taken from the article's record, no call when PASS has it or the submission has no
 * DOI, a DOI service down, slow or refusing leaving the rule undecided with the reason in a 200,
 * and the record kept with the submission's graph until a change notice drops both.
 */
@QuarkusTest
@TestProfile(RulesFileProfile.class)
@WithTestResource(PolicyTestDatabase.class)
@WithTestResource(DoiServiceStandIn.class)
class RegistryDatesServedTest {

    /** A submission with its dates in PASS: it shows the rules are loaded, and asks no registry. */
    private static final long READY = 3_400_000;
    private static final long SUBMISSION = 3_400_001;
    private static final String DOI = "10.5555/registry.dates";
    private static final String RULES = """
            version: 2
            dates:
              accepted: [metadata.acceptedDate, registry.accepted, {source: registry.issued, approximate: true}]
              published: [metadata.publicationDate, registry.published]
            funders:
              one: {names: ["Funder One"]}
              two: {names: ["Funder Two"]}
            policies:
              - key: one-2024
                policy: "Funder Four Policy"
                funders: [one]
                when: {accepted: {from: 2025-07-01}}
                source: {url: "https://funder.example.org/2024", checked: 2026-11-30}
              - key: one-2008
                policy: "Funder One Policy"
                funders: [one]
                when: otherwise
                source: {url: "https://funder.example.org/2008", checked: 2026-11-30}
              - key: two-published
                policy: "Unrelated Policy"
                funders: [two]
                when: {published: {from: 2020-01-01}}
                source: {url: "https://funder.example.org/two", checked: 2026-11-30}
            """;
    private static final String UNREADABLE = "no accepted date: the registry record could not be read (";

    WireMockServer doiService;

    @Inject
    Fixture fixture;

    @BeforeEach
    void rules() throws Exception {
        fixture.ids();
        RulesFileProfile.write(RULES);
        submission(READY, "{\"acceptedDate\": \"2025-08-01\", \"publicationDate\": \"2025-09-01\"}");
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!"one-2024".equals(reasonOf(explain(READY), "P4", "key")) && System.nanoTime() < end) {
            Thread.sleep(50);
        }
        doiService.resetAll();
    }

    @AfterEach
    void forget() throws SQLException {
        fixture.sql("DELETE FROM pass_submission_grants WHERE submission_id IN (" + READY + ", " + SUBMISSION + ")",
                "DELETE FROM pass_submission WHERE id IN (" + READY + ", " + SUBMISSION + ")");
    }

    /** A submission through grant G (Funder One direct, Funder Two primary), its metadata as given; read by the pod. */
    private void submission(long id, String metadata) throws SQLException {
        fixture.sql("INSERT INTO pass_submission (id, submitter_id, metadata) VALUES (" + id + ", " + fixture.id("ulrich")
                        + ", '" + metadata + "')",
                "INSERT INTO pass_submission_grants (submission_id, grants_id) VALUES (" + id + ", " + fixture.id("G") + ")");
        fixture.caughtUp();
    }

    /** The DOI service's {@code /doi/registry} answer with these dates (null: the record has none). */
    private static String record(String accepted, String online, String print, String issued) {
        return "{\"doi\": \"" + DOI + "\", \"dates\": {\"accepted\": " + quoted(accepted) + ", \"published-online\": "
                + quoted(online) + ", \"published-print\": " + quoted(print) + ", \"issued\": " + quoted(issued) + "},"
                + " \"funders\": [], \"funders-cut\": false, \"funder-count\": 0}";
    }

    private static String quoted(String date) {
        return date == null ? "null" : "\"" + date + "\"";
    }

    private JsonPath explain(long id) {
        return Requests.backend().queryParam("submission", id).queryParam("explain", true).get("/policy/policies")
                .then().statusCode(200).extract().jsonPath();
    }

    private JsonPath policies() {
        return Requests.backend().queryParam("submission", SUBMISSION).get("/policy/policies")
                .then().statusCode(200).extract().jsonPath();
    }

    private String reasonOf(JsonPath answer, String policyKey, String member) {
        return answer.getString("find { it.id == '" + fixture.id(policyKey) + "' }.reasons[0]." + member);
    }

    private String undecidedOf(JsonPath answer, String policyKey) {
        return answer.getString("find { it.id == '" + fixture.id(policyKey) + "' }.undecided");
    }

    private int registryCalls() {
        return doiService.findAll(getRequestedFor(urlPathEqualTo("/doi/registry"))).size();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            the accepted date                | 2025-08-02 | -          | -          | 2025-09-01 | P4 | accepted  | 2025-08-02 from registry.accepted
            only the issued date             | -          | -          | -          | 2025-09-01 | P4 | accepted  | 2025-09-01 from registry.issued
            published online before print    | 2025-08-02 | 2025-09-14 | 2025-10-05 | 2025-09-14 | P5 | published | 2025-09-14 from registry.published
            published in print before online | 2025-08-02 | 2025-10-05 | 2025-09-01 | 2025-09-01 | P5 | published | 2025-09-01 from registry.published
            """)
    void theRegistryGivesTheDateThePassRecordLacks(String what, String accepted, String online, String print, String issued,
                                                   String policy, String date, String chosen) throws SQLException {
        submission(SUBMISSION, "{\"doi\": \"" + DOI + "\"}");
        DoiServiceStandIn.answersRegistry(doiService, record(accepted, online, print, issued), 0);
        assertThat(reasonOf(explain(SUBMISSION), policy, date)).as(what).isEqualTo(chosen);
        assertThat(doiService.findAll(getRequestedFor(urlPathEqualTo("/doi/registry"))).get(0).queryParameter("doi").firstValue())
                .isEqualTo(DOI);
    }

    @Test
    void aSubmissionWhoseDatesComeFromPassMakesNoCall() throws SQLException {
        submission(SUBMISSION, "{\"doi\": \"" + DOI + "\", \"acceptedDate\": \"2025-08-01\", \"publicationDate\": \"2025-09-01\"}");
        DoiServiceStandIn.answersRegistry(doiService, record("2024-01-01", null, null, "2024-01-01"), 0);
        assertThat(policies().getList("id")).contains(String.valueOf(fixture.id("P4")), String.valueOf(fixture.id("P5")));
        Requests.backend().queryParam("submission", SUBMISSION).get("/policy/repositories").then().statusCode(200);
        assertThat(registryCalls()).isZero();
    }

    @Test
    void aSubmissionWithoutDoiLacksTheDateAndMakesNoCall() throws SQLException {
        submission(SUBMISSION, "{\"title\": \"no DOI yet\"}");
        assertThat(undecidedOf(policies(), "P4")).isEqualTo("no accepted date (metadata.acceptedDate, registry.accepted, registry.issued)");
        assertThat(registryCalls()).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            down     | the DOI service
            slow     | the DOI service did not answer within 1000 ms)
            refusing | the DOI service answered 503)
            """)
    void aDoiServiceThatFailsLeavesTheRuleUndecidedWithTheReason(String how, String why) throws SQLException {
        submission(SUBMISSION, "{\"doi\": \"" + DOI + "\"}");
        switch (how) {
            case "down" -> DoiServiceStandIn.registryDown(doiService);
            case "slow" -> DoiServiceStandIn.answersRegistry(doiService, record("2025-08-02", null, null, "2025-09-01"), 5_000);
            default -> doiService.stubFor(get(urlPathEqualTo("/doi/registry")).willReturn(aResponse().withStatus(503)));
        }
        assertThat(undecidedOf(policies(), "P4")).as(how).startsWith(UNREADABLE + why);
    }

    @Test
    void aFailedReadIsNotKept() throws SQLException {
        submission(SUBMISSION, "{\"doi\": \"" + DOI + "\"}");
        DoiServiceStandIn.registryDown(doiService);
        policies();
        DoiServiceStandIn.answersRegistry(doiService, record("2025-08-02", null, null, "2025-09-01"), 0);
        assertThat(reasonOf(explain(SUBMISSION), "P4", "accepted")).isEqualTo("2025-08-02 from registry.accepted");
        assertThat(registryCalls()).isEqualTo(2);
    }

    @Test
    void aSecondAnswerTakesTheRecordKeptWithTheGraph() throws SQLException {
        submission(SUBMISSION, "{\"doi\": \"" + DOI + "\"}");
        DoiServiceStandIn.answersRegistry(doiService, record("2025-08-02", null, null, "2025-09-01"), 0);
        String first = policies().prettify();
        assertThat(policies().prettify()).isEqualTo(first);
        assertThat(registryCalls()).isEqualTo(1);
    }

    @Test
    void aChangeNoticeForTheSubmissionDropsTheKeptRecord() throws SQLException {
        submission(SUBMISSION, "{\"doi\": \"" + DOI + "\"}");
        DoiServiceStandIn.answersRegistry(doiService, record("2025-08-02", null, null, "2025-09-01"), 0);
        policies();
        fixture.sql("UPDATE pass_submission SET metadata = '{\"doi\": \"" + DOI + "\", \"title\": \"renamed\"}' WHERE id = " + SUBMISSION);
        fixture.caughtUp();
        policies();
        assertThat(registryCalls()).isEqualTo(2);
    }

    @Test
    void theDatesAndTheAcknowledgedFundersTakeOneCall() throws SQLException {
        submission(SUBMISSION, "{\"doi\": \"" + DOI + "\"}");
        DoiServiceStandIn.answersRegistry(doiService, record("2025-08-02", null, null, "2025-09-01"), 0);
        JsonPath compliance = Requests.backend().queryParam("submission", SUBMISSION).get("/policy/compliance")
                .then().statusCode(200).extract().jsonPath();
        assertThat(compliance.getList("policies.id")).contains(String.valueOf(fixture.id("P4")));
        assertThat(compliance.getList("acknowledged")).isEmpty();
        assertThat(registryCalls()).isEqualTo(1);
    }

    // the policies without a DOI are kept with the graph; the compliance answer's DOI must still reach the registry
    @Test
    void aDoiGivenToComplianceDecidesWhatTheKeptAnswerWithoutOneLeftUndecided() throws SQLException {
        submission(SUBMISSION, "{\"title\": \"no DOI yet\"}");
        DoiServiceStandIn.answersRegistry(doiService, record("2025-08-02", null, null, "2025-09-01"), 0);
        assertThat(undecidedOf(policies(), "P4")).startsWith("no accepted date");
        assertThat(undecidedOf(policies(), "P4")).startsWith("no accepted date");

        JsonPath compliance = Requests.backend().queryParam("submission", SUBMISSION).queryParam("doi", DOI)
                .get("/policy/compliance").then().statusCode(200).extract().jsonPath();

        assertThat(compliance.getString("policies.find { it.id == '" + fixture.id("P4") + "' }.why")).isNull();
        assertThat(registryCalls()).isEqualTo(1);
    }
}
