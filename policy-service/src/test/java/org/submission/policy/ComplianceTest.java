package org.submission.policy;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.Requests;
import org.submission.policy.rules.RulesFileProfile;

/**
 * {@code /policy/compliance} against a DOI service on loopback (WireMock answering its
 * {@code /doi/manuscript} as the DOI service does): a satisfied, a deposit and an undecided
 * verdict, and a DOI service down or slower than the deadline giving undecided, never a 5xx.
 */
@QuarkusTest
@TestProfile(RulesFileProfile.class)
@WithTestResource(PolicyTestDatabase.class)
@WithTestResource(DoiServiceStandIn.class)
class ComplianceTest {

    /** Funder One's two policies as NIH's, shared with the packaged services' test (deploy/across-services). */
    static final String RULES = resource("compliance-rules.yaml");
    private static final long SUBMISSION = 3_000_000;

    WireMockServer doiService;

    @Inject
    Fixture fixture;

    private static String resource(String name) {
        try (InputStream in = ComplianceTest.class.getClassLoader().getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @BeforeEach
    void rulesAndSubmission() throws Exception {
        fixture.ids();
        RulesFileProfile.write(RULES);
        fixture.sql("INSERT INTO pass_submission (id, submitter_id, metadata) VALUES (" + SUBMISSION + ", " + fixture.id("ulrich")
                        + ", '{\"acceptedDate\": \"2025-08-01\", \"doi\": \"10.1234/after\"}')",
                "INSERT INTO pass_submission_grants (submission_id, grants_id) VALUES (" + SUBMISSION + ", " + fixture.id("G") + ")");
        // the backend account's answers may be a read period behind: the last test's graph of this id must be gone
        fixture.caughtUp();
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!policyIds().contains(String.valueOf(fixture.id("P4"))) && System.nanoTime() < end) {
            Thread.sleep(50);
        }
        doiService.resetAll();
    }

    @AfterEach
    void forget() throws SQLException {
        fixture.sql("DELETE FROM pass_submission_grants WHERE submission_id = " + SUBMISSION,
                "DELETE FROM pass_submission WHERE id = " + SUBMISSION);
    }

    private List<String> policyIds() {
        return Requests.backend().queryParam("submission", SUBMISSION).get("/policy/policies").then().extract().jsonPath().getList("id");
    }

    private void copies(String body, int delayMillis) {
        doiService.stubFor(get(urlPathEqualTo("/doi/manuscript")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(body).withFixedDelay(delayMillis)));
    }

    static String copy(String url, String version, String oaDate) {
        return "{\"manuscripts\": [{\"url\": \"" + url + "\", \"repositoryLabel\": null, \"type\": \"application/pdf\","
                + " \"source\": \"Unpaywall\", \"name\": \"x.pdf\", \"isBest\": true, \"version\": \"" + version + "\","
                + " \"hostType\": \"repository\", \"license\": \"cc-by\", \"landingPageUrl\": null, \"oaDate\": \"" + oaDate + "\"}],"
                + " \"oaStatus\": \"green\", \"publishedDate\": \"2025-09-01\"}";
    }

    private JsonPath compliance() {
        return Requests.backend().queryParam("submission", SUBMISSION).get("/policy/compliance")
                .then().statusCode(200).extract().jsonPath();
    }

    private String verdictOf(JsonPath answer, String policyKey) {
        return answer.getString("policies.find { it.id == '" + fixture.id(policyKey) + "' }.verdict");
    }

    @Test
    void aPmcCopyOfTheAcceptedManuscriptSatisfiesTheDatedPolicy() {
        copies(copy("https://pmc.ncbi.nlm.nih.gov/articles/PMC123/", "acceptedVersion", "2025-09-01"), 0);
        JsonPath answer = compliance();
        assertThat(verdictOf(answer, "P4")).isEqualTo("satisfied");
        assertThat(answer.getString("doi")).isEqualTo("10.1234/after");
        assertThat(answer.getString("policies.find { it.id == '" + fixture.id("P4") + "' }.by[0].licence")).isEqualTo("cc-by");
        assertThat(doiService.getAllServeEvents().get(0).getRequest().getHeader("Authorization"))
                .isEqualTo("Basic " + java.util.Base64.getEncoder().encodeToString("policy:policy-secret".getBytes()));
    }

    @Test
    void thePublishersCopyDoesNotSatisfyIt() {
        copies(copy("https://journal.example.org/article/123.pdf", "publishedVersion", "2025-09-01"), 0);
        JsonPath answer = compliance();
        assertThat(verdictOf(answer, "P4")).isEqualTo("deposit");
        assertThat(answer.getString("policies.find { it.id == '" + fixture.id("P4") + "' }.deposit.repository"))
                .isEqualTo(String.valueOf(fixture.id("R1")));
    }

    @Test
    void aPolicyWithoutRequirementsIsADepositToItsRepositories() {
        copies(copy("https://pmc.ncbi.nlm.nih.gov/articles/PMC123/", "acceptedVersion", "2025-09-01"), 0);
        assertThat(verdictOf(compliance(), "P2")).isEqualTo("deposit");
    }

    @Test
    void aDoiServiceThatIsDownGivesUndecided() {
        doiService.stubFor(get(urlPathEqualTo("/doi/manuscript")).willReturn(aResponse()
                .withFault(com.github.tomakehurst.wiremock.http.Fault.CONNECTION_RESET_BY_PEER)));
        JsonPath answer = compliance();
        assertThat(verdictOf(answer, "P4")).isEqualTo("undecided");
        assertThat(answer.getString("policies.find { it.id == '" + fixture.id("P4") + "' }.why")).contains("DOI service");
    }

    @Test
    void aDoiServiceSlowerThanTheDeadlineGivesUndecided() {
        copies(copy("https://pmc.ncbi.nlm.nih.gov/articles/PMC123/", "acceptedVersion", "2025-09-01"), 5_000);
        JsonPath answer = compliance();
        assertThat(answer.getString("policies.find { it.id == '" + fixture.id("P4") + "' }.why"))
                .isEqualTo("the DOI service did not answer within 1000 ms");
    }

    @Test
    void aDoiServiceRefusingGivesUndecided() {
        doiService.stubFor(get(urlPathEqualTo("/doi/manuscript")).willReturn(aResponse().withStatus(503)));
        assertThat(compliance().getString("policies.find { it.id == '" + fixture.id("P4") + "' }.why"))
                .isEqualTo("the DOI service answered 503");
    }

    @Test
    void aDoiAddressIsLookedUpAsTheDoiItNames() {
        copies(copy("https://pmc.ncbi.nlm.nih.gov/articles/PMC123/", "acceptedVersion", "2025-09-01"), 0);
        JsonPath answer = Requests.backend().queryParam("submission", SUBMISSION).queryParam("doi", " https://doi.org/10.1234/Other ")
                .get("/policy/compliance").then().statusCode(200).extract().jsonPath();
        assertThat(answer.getString("doi")).isEqualTo("10.1234/Other");
        assertThat(doiService.getAllServeEvents().get(0).getRequest().queryParameter("doi").firstValue()).isEqualTo("10.1234/Other");
    }

    @Test
    void aSubmissionWhoseDoiIsMalformedIsUndecidedWithoutAskingTheDoiService() throws SQLException {
        fixture.sql("UPDATE pass_submission SET metadata = '{\"acceptedDate\": \"2025-08-01\", \"doi\": \"10.12/typo\"}' WHERE id = " + SUBMISSION);
        fixture.caughtUp();
        copies(copy("https://pmc.ncbi.nlm.nih.gov/articles/PMC123/", "acceptedVersion", "2025-09-01"), 0);
        assertThat(compliance().getString("policies.find { it.id == '" + fixture.id("P4") + "' }.why"))
                .isEqualTo("the submission's DOI is not a valid DOI");
        assertThat(doiService.getAllServeEvents()).isEmpty();
    }

    @Test
    void aSubmissionWithoutDoiIsUndecidedThroughout() throws SQLException {
        fixture.sql("UPDATE pass_submission SET metadata = '{\"acceptedDate\": \"2025-08-01\"}' WHERE id = " + SUBMISSION);
        fixture.caughtUp();
        assertThat(compliance().getList("policies.why")).containsOnly("no DOI");
    }
}
