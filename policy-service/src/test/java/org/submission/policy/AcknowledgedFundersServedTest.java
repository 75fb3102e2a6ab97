package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.Requests;
import org.submission.policy.rules.RulesFileProfile;

/**
 * The article's registry funders served, against a DOI service on loopback answering
 * {@code /doi/registry} as it does: NSF acknowledged by its ROR id alone on a submission without an
 * NSF grant is a suggestion in the compliance answer that changes no policy or repository; a DOI
 * service that is down leaves the list out with the reason, in a 200.
 */
@QuarkusTest
@TestProfile(RulesFileProfile.class)
@WithTestResource(PolicyTestDatabase.class)
@WithTestResource(DoiServiceStandIn.Patient.class)
class AcknowledgedFundersServedTest {

    private static final long SUBMISSION = 3_300_000;
    private static final String RULES = """
            version: 2
            funders:
              one: {names: ["Funder One"], funder-ids: ["10.13039/100000002"]}
              nsf: {names: ["National Science Foundation", "Funder Four"], funder-ids: ["10.13039/100000001"], ror: ["https://ror.org/021nxhr62"]}
            policies:
              - key: one
                policy: "Funder One Policy"
                funders: [one]
                source: {url: "https://funder.example.org/one", checked: 2026-11-30}
              - key: nsf-2026
                policy: "Funder Four Policy"
                funders: [nsf]
                when: {grant.awarded: {from: 2026-01-22}}
                source: {url: "https://funder.example.org/nsf-2026", checked: 2026-11-30}
              - key: nsf-2016
                policy: "Unrelated Policy"
                funders: [nsf]
                when: otherwise
                source: {url: "https://funder.example.org/nsf-2016", checked: 2026-11-30}
            """;
    /** NSF by its ROR id alone, as deposited since 2025-03-05, and Funder One by its Funder DOI. */
    private static final String REGISTRY = """
            {"doi": "10.5555/nsf.2025.17",
             "dates": {"accepted": null, "published-online": "2025-04-02", "published-print": null, "issued": "2025-04-02"},
             "funders": [
               {"id": [{"id": "https://ror.org/021nxhr62", "id-type": "ROR", "asserted-by": "publisher"}], "award": ["2045678"]},
               {"DOI": "10.13039/100000002", "name": "Funder One", "doi-asserted-by": "crossref",
                "id": [{"id": "10.13039/100000002", "id-type": "DOI", "asserted-by": "crossref"}], "award": ["R01GM123456"]}],
             "funders-cut": false, "funder-count": 2}
            """;

    WireMockServer doiService;

    @Inject
    Fixture fixture;

    @BeforeEach
    void rulesAndSubmission() throws Exception {
        fixture.ids();
        RulesFileProfile.write(RULES);
        fixture.sql("INSERT INTO pass_submission (id, submitter_id, metadata) VALUES (" + SUBMISSION + ", " + fixture.id("ulrich")
                        + ", '{\"doi\": \"10.5555/nsf.2025.17\"}')",
                "INSERT INTO pass_submission_grants (submission_id, grants_id) VALUES (" + SUBMISSION + ", " + fixture.id("G") + ")");
        fixture.caughtUp();
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!"one".equals(explain().getString("find { it.id == '" + fixture.id("P1") + "' }.reasons[0].key"))
                && System.nanoTime() < end) {
            Thread.sleep(50);
        }
        doiService.resetAll();
    }

    @AfterEach
    void forget() throws SQLException {
        fixture.sql("DELETE FROM pass_submission_grants WHERE submission_id = " + SUBMISSION,
                "DELETE FROM pass_submission WHERE id = " + SUBMISSION);
        // a record the next test's first answers read from this test's stubs would be kept with its graph
        doiService.resetAll();
    }

    private void registry(String body) {
        DoiServiceStandIn.answersRegistry(doiService, body, 0);
    }

    private void registryDown() {
        DoiServiceStandIn.registryDown(doiService);
    }

    private JsonPath explain() {
        return Requests.backend().queryParam("submission", SUBMISSION).queryParam("explain", true).get("/policy/policies")
                .then().statusCode(200).extract().jsonPath();
    }

    private String answer(String path) {
        return Requests.backend().queryParam("submission", SUBMISSION).get(path).then().statusCode(200).extract().asString();
    }

    private JsonPath compliance() {
        return Requests.backend().queryParam("submission", SUBMISSION).get("/policy/compliance")
                .then().statusCode(200).extract().jsonPath();
    }

    @Test
    void nsfByItsRorIdAloneIsAcknowledgedNotLinkedWithItsPolicies() {
        registry(REGISTRY);
        Map<String, Object> nsf = compliance().getMap("acknowledged.find { it.ror == 'https://ror.org/021nxhr62' }");
        assertThat(nsf).containsEntry("funder", "nsf").containsEntry("linked", false).containsEntry("name", null)
                .containsEntry("awards", List.of("2045678"))
                .containsEntry("policies", List.of("Funder Four Policy", "Unrelated Policy"));
        assertThat(doiService.getAllServeEvents().get(0).getRequest().queryParameter("doi").firstValue())
                .isEqualTo("10.5555/nsf.2025.17");
    }

    @Test
    void aFunderAGrantBringsIsLinked() {
        registry(REGISTRY);
        assertThat(compliance().getBoolean("acknowledged.find { it.funder == 'one' }.linked")).isTrue();
    }

    @Test
    void theAcknowledgedFundersChangeNeitherThePoliciesNorTheRepositories() {
        registryDown();
        String policies = answer("/policy/policies");
        String repositories = answer("/policy/repositories");
        List<String> explained = explain().getList("id");
        doiService.resetAll();
        registry(REGISTRY);
        assertThat(answer("/policy/policies")).isEqualTo(policies);
        assertThat(answer("/policy/repositories")).isEqualTo(repositories);
        JsonPath withRegistry = explain();
        assertThat(withRegistry.getList("id", String.class)).isEqualTo(explained)
                .doesNotContain(String.valueOf(fixture.id("P4")), String.valueOf(fixture.id("P5")));
        assertThat(withRegistry.getList("find { it.id == '" + fixture.id("P1") + "' }.reasons.acknowledged")).contains("one");
    }

    @Test
    void aDoiServiceThatIsDownLeavesTheListOutWithTheReason() {
        registryDown();
        JsonPath answer = compliance();
        assertThat(answer.getMap("")).containsKey("acknowledged");
        assertThat(answer.getList("acknowledged")).isNull();
        assertThat(answer.getString("acknowledged-unavailable")).contains("DOI service");
    }
}
