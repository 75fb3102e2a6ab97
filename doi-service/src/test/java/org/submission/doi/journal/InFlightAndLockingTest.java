package org.submission.doi.journal;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.doi.support.Fixtures.ARTICLE_JOURNAL;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreamsAndRecords;
import org.submission.doi.support.Journals;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;

/** One piece of work per DOI on an instance (the default: others get 429), and one journal record however many requests race for it. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class InFlightAndLockingTest extends FreshUpstreamsAndRecords {

    private static final Duration PATIENCE = Duration.ofMillis(300);

    private final ExecutorService clients = Executors.newFixedThreadPool(8);

    @AfterEach
    void stopClients() {
        clients.shutdownNow();
    }

    @Test
    void aConcurrentRequestForTheSameDoiGets429AtOnceWithoutUpstreamCallOrDatabaseWrite() {
        String doi = Fixtures.newDoi();
        // the first request stays in flight until its deadline (5 s in the tests) ends it with 504
        Upstreams.answer(upstream, "journal", doi, Upstreams.json(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"))
                .withFixedDelay(10_000));
        CompletableFuture<Response> first = CompletableFuture.supplyAsync(() -> Api.journal(doi), clients);
        Upstreams.awaitCalls(upstream, "journal", doi, 1);

        Response second = Api.journal("https://doi.org/" + doi.toUpperCase());

        assertThat(second.statusCode()).isEqualTo(429);
        assertThat(second.header("Retry-After")).isEqualTo("1");
        assertThat(second.jsonPath().getString("error"))
                .isEqualTo("There is already an active request for " + doi.toUpperCase() + "; try again later.");
        assertThat(first.join().statusCode()).isEqualTo(504);
        assertThat(Upstreams.calls(upstream, "journal", doi)).isEqualTo(1);
        assertThat(Journals.all(dataSource)).isEmpty();
    }

    @Test
    void theMarkIsReleasedOnceTheFirstRequestSucceeds() {
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"));

        Api.journal(doi).then().statusCode(200);
        Api.journal(doi.toUpperCase()).then().statusCode(200);
    }

    @Test
    void workWhoseClientsGaveUpRunsToItsEndWithOneRegistryCallAndFillsTheCache() {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, "journal", doi, Upstreams.json(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"))
                .withFixedDelay(4_000));
        assertThat(Api.impatientJournal(doi, PATIENCE)).as("the first client gave up").isEmpty();
        Upstreams.awaitCalls(upstream, "journal", doi, 1);

        // fourteen more impatient clients while the registry is still answering: each is refused or gives up
        List<CompletableFuture<OptionalInt>> impatient = Stream.generate(() -> CompletableFuture.supplyAsync(
                () -> Api.impatientJournal(doi, PATIENCE), clients)).limit(14).toList();
        impatient.forEach(client -> assertThat(client.join()).satisfiesAnyOf(
                status -> assertThat(status).isEmpty(), status -> assertThat(status).hasValue(429)));
        assertThat(Api.journal(doi).statusCode()).as("the DOI is still marked").isEqualTo(429);

        // with no client left, the work still finds or creates the journal, then frees the DOI
        Journals.awaitCount(dataSource, 1);
        Response later = Api.journal(doi);

        assertThat(later.statusCode()).isEqualTo(200);
        assertThat(later.jsonPath().getString("journal-id")).isEqualTo(String.valueOf(Journals.only(dataSource).id()));
        assertThat(Upstreams.calls(upstream, "journal", doi)).as("the later answer came from the cache").isEqualTo(1);
    }

    static Stream<Arguments> outcomes() {
        return Stream.of(
                Arguments.of("registry failure", aResponse().withStatus(500), 502),
                Arguments.of("registry 404", aResponse().withStatus(404), 404),
                Arguments.of("no journal in the work", Upstreams.json(Fixtures.text("work-book-chapter.json")), 422),
                Arguments.of("body not JSON", aResponse().withStatus(200).withBody("<html>"), 502),
                Arguments.of("deadline passed", Upstreams.json("{}").withFixedDelay(8_000), 504));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("outcomes")
    void theMarkIsReleasedAfterAFailedRequest(String outcome, ResponseDefinitionBuilder stub, int status) {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, "journal", doi, stub);

        Api.journal(doi).then().statusCode(status);
        Api.journal(doi).then().statusCode(status);
    }

    @Test
    void requestsRacingForOneNewJournalCreateOneRecord() {
        List<String> dois = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            String doi = Fixtures.newDoi();
            dois.add(doi);
            // some works list only one of the journal's ISSNs: the name lock still serialises them
            String[] issns = switch (i % 3) {
                case 0 -> new String[] {"print:2049-3630", "electronic:2049-3649"};
                case 1 -> new String[] {"print:2049-3630"};
                default -> new String[] {"electronic:2049-3649"};
            };
            Upstreams.answer(upstream, "journal", doi, Upstreams.json(Fixtures.work(doi, ARTICLE_JOURNAL, issns))
                    .withFixedDelay(300));
        }

        List<CompletableFuture<Response>> answers = dois.stream()
                .map(doi -> CompletableFuture.supplyAsync(() -> Api.journal(doi), clients)).toList();

        List<String> ids = answers.stream().map(CompletableFuture::join)
                .map(answer -> answer.then().statusCode(200).extract().<String>path("journal-id")).toList();
        Journals.Row journal = Journals.only(dataSource);
        assertThat(ids).containsOnly(String.valueOf(journal.id()));
        assertThat(journal.issns()).containsExactlyInAnyOrder("Print:2049-3630", "Online:2049-3649");
    }
}
