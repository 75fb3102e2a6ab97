package org.submission.policy;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.matching;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.Requests;
import org.submission.policy.rules.RulesFileProfile;

/**
 * One person's requests cannot open the DOI service breaker for everyone: their malformed DOIs are
 * refused before any call, the DOI service's refusals of what was asked are no failure of it, and
 * their flood of new DOIs waits behind itself. The DOI service is WireMock, the breaker at its
 * default settings, modelling the DOI service's lookups of new DOIs: {@link Lookups#PLACES} at
 * once, the rest waiting for a place, as its fair queue makes the one account's calls wait.
 */
@QuarkusTest
@TestProfile(RulesFileProfile.class)
@WithTestResource(PolicyTestDatabase.class)
@WithTestResource(ComplianceFairShareTest.DoiServiceWithLookups.class)
class ComplianceFairShareTest {

    /** The DOI service's lookups past its memory: a few at once, each taking a while, the rest waiting for a place. */
    public static final class Lookups implements ResponseDefinitionTransformerV2 {
        /** As many as this pod calls at once: its calls never wait there. */
        static final int PLACES = 4;
        /** A fifth of the deadline, so that the flood's last calls wait past it, whatever else runs beside. */
        private static final Duration LOOKUP = Duration.ofSeconds(1);
        private final Semaphore places = new Semaphore(PLACES, true);

        @Override
        public ResponseDefinition transform(ServeEvent event) {
            places.acquireUninterruptibly();
            try {
                Thread.sleep(LOOKUP.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                places.release();
            }
            return event.getResponseDefinition();
        }

        @Override
        public boolean applyGlobally() {
            return false;
        }

        @Override
        public String getName() {
            return "lookups";
        }
    }

    /** The DOI service on loopback; the breaker at its defaults, a deadline well above one lookup. */
    public static class DoiServiceWithLookups extends DoiServiceStandIn {
        @Override
        protected WireMockConfiguration options() {
            return super.options().containerThreads(4 * FLOOD).extensions(new Lookups());
        }

        @Override
        protected Map<String, String> settings(String url) {
            return Map.of("policy.doi.url", url, "policy.doi.deadline", "5s",
                    "policy.doi.concurrency", String.valueOf(Lookups.PLACES), "policy.doi.queue", String.valueOf(QUEUE));
        }
    }

    private static final long SUBMISSION = 3_000_100;
    private static final int FLOOD = 40;
    /** Calls that may wait for a place: the flood's excess beyond is refused at once. */
    private static final int QUEUE = 16;
    private static final String FLOODER = "ulrich@elsewhere.org";
    private static final String OTHER = "ada@elsewhere.org";

    WireMockServer doiService;

    @Inject
    Fixture fixture;

    @Inject
    CircuitBreakerMaintenance breakers;

    @BeforeEach
    void rulesSubmissionAndDoiService() throws Exception {
        fixture.ids();
        RulesFileProfile.write(ComplianceTest.RULES);
        fixture.sql("INSERT INTO pass_submission (id, submitter_id, metadata) VALUES (" + SUBMISSION + ", " + fixture.id("ulrich")
                        + ", '{\"acceptedDate\": \"2025-08-01\", \"doi\": \"10.1234/after\"}')",
                "INSERT INTO pass_submission_grants (submission_id, grants_id) VALUES (" + SUBMISSION + ", " + fixture.id("G") + ")");
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!Requests.backend().queryParam("submission", SUBMISSION).get("/policy/policies").then().extract()
                .jsonPath().getList("id").contains(String.valueOf(fixture.id("P4"))) && System.nanoTime() < end) {
            Thread.sleep(50);
        }
        doiService.resetAll();
        breakers.resetAll();
        doiService.stubFor(get(urlPathEqualTo("/doi/manuscript")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withTransformers("lookups")
                .withBody(ComplianceTest.copy("https://pmc.ncbi.nlm.nih.gov/articles/PMC123/", "acceptedVersion", "2025-09-01"))));
    }

    @AfterEach
    void forget() throws SQLException {
        fixture.sql("DELETE FROM pass_submission_grants WHERE submission_id = " + SUBMISSION,
                "DELETE FROM pass_submission WHERE id = " + SUBMISSION);
    }

    private Response compliance(String caller, String doi) {
        return Requests.as(caller).queryParam("submission", SUBMISSION).queryParam("doi", doi).get("/policy/compliance");
    }

    /** The dated policy's verdict, with why when undecided. */
    private Map<String, Object> verdictFor(String caller, String doi) {
        Response answer = compliance(caller, doi);
        assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(200);
        return answer.jsonPath().getMap("policies.find { it.id == '" + fixture.id("P4") + "' }");
    }

    /** The flooder's requests for new DOIs, all sent at once; their statuses once answered. */
    private List<Future<Integer>> flood(ExecutorService threads) {
        return IntStream.range(0, FLOOD).mapToObj(i -> threads.submit(() -> compliance(FLOODER, "10.5555/new-" + i).statusCode()))
                .toList();
    }

    private static List<Integer> statuses(List<Future<Integer>> flood) throws Exception {
        List<Integer> statuses = new ArrayList<>();
        for (Future<Integer> each : flood) {
            statuses.add(each.get());
        }
        return statuses;
    }

    /**
     * Waits until as many flood requests are answered as the flooder's share refuses: the flood has
     * then got past its reads at the database pool and fills the share, so the other person's
     * request meets it there, which is what is tested, and not its 40 reads at once.
     */
    private static void inTheShare(List<Future<Integer>> flood) {
        int excess = FLOOD - Lookups.PLACES - QUEUE;
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(10))
                .until(() -> flood.stream().filter(Future::isDone).count() >= excess);
    }

    /**
     * Waits for the flood's answers whatever the test found: the service runs a call to its end
     * even when its client has gone, so a flood left behind would still hold the flooder's share
     * in the next test.
     */
    private static void awaitEnd(ExecutorService threads) throws InterruptedException {
        threads.shutdown();
        if (!threads.awaitTermination(1, TimeUnit.MINUTES)) {
            threads.shutdownNow();
        }
    }

    @Test
    void aMalformedDoiIsRefusedWithoutAskingTheDoiService() {
        Response answer = compliance(FLOODER, "10.123/three-digit-registrant");
        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(answer.jsonPath().getString("error")).contains("doi must be one DOI");
        assertThat(doiService.getAllServeEvents()).isEmpty();
    }

    @Test
    void tenMalformedDoisLeaveAnotherPersonsVerdictDecided() {
        doiService.stubFor(get(urlPathEqualTo("/doi/manuscript")).withQueryParam("doi", matching("10\\.123/.*"))
                .willReturn(aResponse().withStatus(400).withHeader("Content-Type", "application/json")
                        .withBody("{\"status\": 400, \"message\": \"Supplied DOI is not in valid DOI format.\"}")));
        for (int i = 0; i < 10; i++) {
            compliance(FLOODER, "10.123/bad-" + i);
        }
        assertThat(verdictFor(OTHER, "10.1234/after")).containsEntry("verdict", "satisfied");
    }

    @Test
    void theDoiServiceRefusingWhatWasAskedNeverOpensTheBreaker() {
        doiService.stubFor(get(urlPathEqualTo("/doi/manuscript")).withQueryParam("doi", matching("10\\.5555/gone-.*"))
                .willReturn(aResponse().withStatus(404)));
        for (int i = 0; i < 10; i++) {
            assertThat(verdictFor(FLOODER, "10.5555/gone-" + i)).containsEntry("why", "the DOI service answered 404");
        }
        assertThat(verdictFor(OTHER, "10.1234/after")).containsEntry("verdict", "satisfied");
    }

    @Test
    void aFloodOfNewDoisByOnePersonLeavesAnotherPersonsVerdictDecided() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(FLOOD);
        try {
            List<Future<Integer>> flood = flood(threads);
            inTheShare(flood);
            assertThat(verdictFor(OTHER, "10.1234/after")).containsEntry("verdict", "satisfied");
            statuses(flood);
            assertThat(verdictFor(OTHER, "10.1234/after")).containsEntry("verdict", "satisfied");
        } finally {
            awaitEnd(threads);
        }
    }

    @Test
    void aFloodPastItsShareIsRefusedWith429() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(FLOOD);
        try {
            assertThat(statuses(flood(threads))).containsOnly(200, 429);
        } finally {
            awaitEnd(threads);
        }
    }
}
