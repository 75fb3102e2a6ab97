package org.submission.doi.cluster;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.doi.support.Fixtures.ARTICLE_JOURNAL;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.submission.doi.support.Api;
import org.submission.doi.support.ContendedUpstreams;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreamsAndRecords;
import org.submission.doi.support.HeldAnswers;
import org.submission.doi.support.Journals;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.doi.upstream.RegistryClient;
import org.submission.platform.testing.EmbeddedPostgresResource;

/**
 * DOI_SERVICE_SAME_DOI=share ({@link ContendedUpstreams}): a request for a DOI in flight waits for that work and gets its answer.
 * The registry holds its answer until the test has seen the requests join the work in flight, so
 * that they meet it there however busy the machine.
 */
@QuarkusTest
@TestProfile(ContendedUpstreams.class)
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class SameDoiShareTest extends FreshUpstreamsAndRecords {

    private static final int WAITING = 5;
    /** Bounds only a test that would hang. */
    private static final Duration AWAIT = Duration.ofSeconds(60);

    private final ExecutorService clients = Executors.newFixedThreadPool(WAITING + 1);

    @WireMockUpstreams.Server
    HeldAnswers held;

    @Inject
    MeterRegistry meters;

    @BeforeEach
    void holdRegistryAnswers() {
        held.hold();
    }

    @AfterEach
    void stopClients() {
        held.release();
        clients.shutdownNow();
    }

    static Stream<Arguments> outcomes() {
        return Stream.of(
                Arguments.of("journal found or created", 200, 1),
                Arguments.of("registry 404", 404, 0),
                Arguments.of("no journal in the work", 422, 0));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("outcomes")
    void requestsForADoiInFlightGetItsAnswerFromOneRegistryCall(String outcome, int status, int journals) throws InterruptedException {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, "journal", doi, registryAnswer(doi, status).withTransformers(HeldAnswers.NAME));
        CompletableFuture<Response> first = CompletableFuture.supplyAsync(() -> Api.journal(doi), clients);
        held.awaitCalls(1, AWAIT);
        double joined = joined();

        List<CompletableFuture<Response>> waiting = Stream.generate(() -> CompletableFuture.supplyAsync(
                () -> Api.journal("doi:" + doi.toUpperCase()), clients)).limit(WAITING).toList();
        awaitJoined(joined + WAITING);
        held.release();

        String answer = first.join().then().statusCode(status).extract().asString();
        waiting.forEach(request -> assertThat(request.join().then().statusCode(status).extract().asString()).isEqualTo(answer));
        assertThat(Upstreams.calls(upstream, "journal", doi)).isEqualTo(1);
        assertThat(Journals.all(dataSource)).hasSize(journals);
    }

    @Test
    void aWaitingRequestGetsTheAnswerAfterTheFirstClientGaveUp() throws Exception {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, "journal", doi, registryAnswer(doi, 200).withTransformers(HeldAnswers.NAME));
        try (Socket firstClient = Api.journalRequest(doi)) {
            held.awaitCalls(1, AWAIT);
        }
        double joined = joined();

        CompletableFuture<Response> request = CompletableFuture.supplyAsync(() -> Api.journal(doi), clients);
        awaitJoined(joined + 1);
        held.release();
        Response waiting = request.join();

        assertThat(waiting.statusCode()).isEqualTo(200);
        assertThat(waiting.jsonPath().getString("journal-id")).isEqualTo(String.valueOf(Journals.only(dataSource).id()));
        assertThat(Upstreams.calls(upstream, "journal", doi)).isEqualTo(1);
    }

    /** Requests so far that met a lookup of the same DOI in flight and waited for it. */
    private double joined() {
        Counter joined = meters.find("doi.single.flight").tags("upstream", RegistryClient.NAME, "outcome", "joined").counter();
        return joined == null ? 0 : joined.count();
    }

    private void awaitJoined(double count) {
        Awaitility.await("requests joining the lookup in flight").atMost(AWAIT).pollInterval(Duration.ofMillis(10))
                .until(() -> joined() >= count);
    }

    private static ResponseDefinitionBuilder registryAnswer(String doi, int status) {
        return switch (status) {
            case 200 -> Upstreams.json(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"));
            case 404 -> aResponse().withStatus(404);
            default -> Upstreams.json(Fixtures.text("work-book-chapter.json"));
        };
    }
}
