package org.submission.deploy.compliance;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.submission.platform.testing.ExternalTool;
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.PackagedService;
import org.submission.platform.testing.Requests;

/**
 * {@code /policy/compliance} of the packaged policy service asking the packaged DOI service (both
 * started for real on one database), whose lookup service is WireMock answering with its recorded
 * record ({@code doi-service/src/test/resources/upstream/oa-record.json}), its first copy moved to
 * the host, version and open day each test needs, under its own DOI. The rules are the policy
 * service's ComplianceTest's: "Funder Four Policy" as NIH 2024 (no embargo, accepted from
 * 2025-07-01), "Funder One Policy" as NIH 2008 (12 months) otherwise.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ComplianceAcrossServicesTest {

    private static final Path ROOT = Path.of(System.getProperty("project.root", "../..")).toAbsolutePath().normalize();
    private static final Path POLICY_SERVICE = ROOT.resolve("policy-service/target/quarkus-app");
    private static final Path DOI_SERVICE = ROOT.resolve("doi-service/target/quarkus-app");
    private static final Path RECORDED = ROOT.resolve("doi-service/src/test/resources/upstream/oa-record.json");
    /** The policy service's test data and the rules of its ComplianceTest. */
    private static final Path FIXTURE = ROOT.resolve("policy-service/src/test/resources/fixtures/policy-cases.json");
    private static final Path RULES = ROOT.resolve("policy-service/src/test/resources/compliance-rules.yaml");
    private static final Duration START = Duration.ofSeconds(180);
    private static final long AFTER = 3_000_001;
    private static final long BEFORE = 3_000_002;
    private static final String PMC = "https://pmc.ncbi.nlm.nih.gov/articles/PMC9990412/pdf/manuscript.pdf";
    /** The recorded article's publication day and its Europe PMC copy's open day, a month later. */
    private static final String PUBLISHED = "2023-06-02";
    private static final String A_MONTH_LATER = "2023-07-01";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final WireMockServer unpaywall = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());
    private Map<String, Long> ids;
    private PackagedService doiService;
    private PackagedService policyService;

    @BeforeAll
    void startBothServices() throws Exception {
        ExternalTool.require(PackagedService.packaged(POLICY_SERVICE), "no packaged policy service at " + POLICY_SERVICE.toAbsolutePath());
        ExternalTool.require(PackagedService.packaged(DOI_SERVICE),
                "no packaged DOI service at " + DOI_SERVICE.toAbsolutePath().normalize() + " (package doi-service first)");
        unpaywall.start();
        FreshDatabase database = FreshDatabase.create();
        ids = ids(JSON.readTree(FIXTURE.toFile()));
        String upstream = "http://127.0.0.1:" + unpaywall.port();
        Map<String, String> doiSettings = new HashMap<>(database.settings());
        doiSettings.putAll(Map.of("REGISTRY_BASEURI", upstream + "/works/", "OALOOKUP_BASEURI", upstream + "/v2",
                "DOI_SERVICE_MAILTO", "pass-test@example.org"));
        doiService = PackagedService.start(DOI_SERVICE, doiSettings);
        // the rules name the fixture's policies, which the service loads at its start: they come after it
        Path rules = Files.createTempFile("compliance-rules", ".yaml");
        Files.writeString(rules, "version: 1\n");
        Map<String, String> policySettings = new HashMap<>(database.settings());
        policySettings.putAll(Map.of("SUBMISSION_SEED_FILE", FIXTURE.toString(),
                "POLICY_RULES_FILE", rules.toString(), "POLICY_RULES_RELOAD_PERIOD", "100ms",
                "POLICY_DOI_URL", "http://127.0.0.1:" + doiService.port(),
                "POLICY_DOI_USER", Requests.BACKEND, "POLICY_DOI_PASSWORD", Requests.BACKEND_PASSWORD,
                // the first calls meet two cold JVMs on a shared machine: the deadline is not what is tested here
                "POLICY_DOI_DEADLINE", "30s"));
        policyService = PackagedService.start(POLICY_SERVICE, policySettings).awaitReady(START);

        database.execute("INSERT INTO pass_submission (id, submitter_id, metadata) VALUES (" + AFTER + ", " + ids.get("ulrich")
                + ", '{\"acceptedDate\": \"2025-08-01\"}'), (" + BEFORE + ", " + ids.get("ulrich") + ", '{\"acceptedDate\": \"2025-03-01\"}')");
        database.execute("INSERT INTO pass_submission_grants (submission_id, grants_id) VALUES (" + AFTER + ", " + ids.get("G")
                + "), (" + BEFORE + ", " + ids.get("G") + ")");
        Files.writeString(rules, Files.readString(RULES));
        awaitPolicy(AFTER, "P4");
        doiService.awaitReady(START);
    }

    /** The id of each record key of the seed file. */
    private static Map<String, Long> ids(JsonNode seed) {
        Map<String, Long> ids = new HashMap<>();
        seed.forEach(records -> records.forEach(record -> ids.put(record.path("key").asText(), record.path("id").asLong())));
        return ids;
    }

    /** Waits until the rules are read: the submission's policies include {@code policyKey}. */
    private void awaitPolicy(long submission, String policyKey) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        String policies = "";
        while (System.nanoTime() < end) {
            policies = policyService.get("/policy/policies?submission=" + submission).body();
            if (policies.contains("\"id\":\"" + ids.get(policyKey) + "\"")) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the rules were not read within 30 s: " + policies);
    }

    @AfterAll
    void stopAll() {
        for (PackagedService service : new PackagedService[] {policyService, doiService}) {
            if (service != null) {
                service.close();
            }
        }
        unpaywall.stop();
    }

    /** Unpaywall's recorded record under {@code doi}, with its first copy alone, moved to {@code url} as the given kind of copy. */
    private void recorded(String doi, String url, String hostType, String version, String oaDate) throws Exception {
        ObjectNode record = (ObjectNode) JSON.readTree(RECORDED.toFile());
        ObjectNode copy = (ObjectNode) record.get("oa_locations").get(0);
        copy.put("url", url).put("url_for_pdf", url).put("url_for_landing_page", url)
                .put("host_type", hostType).put("version", version).put("oa_date", oaDate);
        record.put("doi", doi).putArray("oa_locations").add(copy);
        unpaywall.stubFor(get(urlPathEqualTo("/v2/" + doi)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(JSON.writeValueAsString(record))));
    }

    private JsonNode verdict(long submission, String doi, String policyKey) throws Exception {
        HttpResponse<String> answer = policyService.get("/policy/compliance?submission=" + submission + "&doi=" + doi);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        for (JsonNode policy : JSON.readTree(answer.body()).path("policies")) {
            if (policy.path("id").asText().equals(String.valueOf(ids.get(policyKey)))) {
                return policy;
            }
        }
        throw new AssertionError("no policy " + policyKey + " in " + answer.body());
    }

    @Test
    void aPmcCopyOfTheAcceptedManuscriptSatisfiesNih2024() throws Exception {
        recorded("10.5555/jss.pmc", PMC, "repository", "acceptedVersion", PUBLISHED);
        JsonNode nih2024 = verdict(AFTER, "10.5555/jss.pmc", "P4");
        assertThat(nih2024.path("verdict").asText()).as(nih2024.toString()).isEqualTo("satisfied");
        assertThat(nih2024.path("by").get(0).path("url").asText()).isEqualTo(PMC);
    }

    @Test
    void onlyAPublishersCopyIsADepositForNih2024() throws Exception {
        recorded("10.5555/jss.publisher", "https://journal.example.org/jss/2023/0412.pdf", "publisher", "publishedVersion", PUBLISHED);
        JsonNode nih2024 = verdict(AFTER, "10.5555/jss.publisher", "P4");
        assertThat(nih2024.path("verdict").asText()).as(nih2024.toString()).isEqualTo("deposit");
        assertThat(nih2024.path("deposit").path("repository").asText()).isEqualTo(String.valueOf(ids.get("R1")));
    }

    @Test
    void anEmbargoedPmcCopySatisfiesNih2008Only() throws Exception {
        recorded("10.5555/jss.embargoed", PMC, "repository", "acceptedVersion", A_MONTH_LATER);
        JsonNode nih2008 = verdict(BEFORE, "10.5555/jss.embargoed", "P1");
        JsonNode nih2024 = verdict(AFTER, "10.5555/jss.embargoed", "P4");
        assertThat(nih2008.path("verdict").asText()).as(nih2008.toString()).isEqualTo("satisfied");
        assertThat(nih2024.path("verdict").asText()).as(nih2024.toString()).isEqualTo("deposit");
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void withTheDoiServiceStoppedTheAnswerIsUndecided() throws Exception {
        recorded("10.5555/jss.stopped", PMC, "repository", "acceptedVersion", PUBLISHED);
        doiService.close();
        JsonNode nih2024 = verdict(AFTER, "10.5555/jss.stopped", "P4");
        assertThat(nih2024.path("verdict").asText()).as(nih2024.toString()).isEqualTo("undecided");
        assertThat(nih2024.path("why").asText()).contains("DOI service");
    }
}
