package org.submission.doi.cluster;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.doi.support.Fixtures.ARTICLE_JOURNAL;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.doi.support.Api;
import org.submission.doi.support.CapturedLog;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreamsAndRecords;
import org.submission.doi.support.Journals;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.error.ErrorMessages;
import org.submission.platform.testing.ExternalTool;
import org.submission.platform.testing.StoppablePostgres;

/**
 * The DOI endpoints while the real database is stopped or frozen, and once it is back
 * (doi-service/README.md, "When PostgreSQL is slow or down"): 503 JSON with Retry-After and no
 * upstream call, readiness down while it is unreachable, 200 again without a restart.
 */
@QuarkusTest
@WithTestResource(StoppablePostgres.class)
@WithTestResource(WireMockUpstreams.class)
class DatabaseOutageTest extends FreshUpstreamsAndRecords {

    /** The coordination timeout (2 s) plus room for a loaded machine. */
    private static final Duration SOON = Duration.ofSeconds(8);

    @Inject
    AgroalDataSource jdbc;

    @BeforeEach
    void needsItsOwnServer() {
        ExternalTool.require(StoppablePostgres.embedded(),
                "the test's own server, which it stops, is not started (SUBMISSION_DB_URL names another)");
    }

    @AfterEach
    void databaseBack() {
        StoppablePostgres.thaw();
        StoppablePostgres.restartServer();
        jdbcBack();
    }

    @ParameterizedTest
    @ValueSource(strings = {"journal", "manuscript"})
    void whileTheDatabaseIsDownLookupsAnswer503JsonWithRetryAfterAndCallNoUpstream(String endpoint) throws IOException {
        List<String> dois = IntStream.range(0, 6).mapToObj(i -> stubbed(endpoint)).toList();

        StoppablePostgres.stopServer();
        List<Response> answers = dois.stream().map(doi -> Api.endpoint(endpoint, doi)).toList();

        assertThat(answers).allSatisfy(answer -> {
            assertThat(answer.statusCode()).isEqualTo(503);
            assertThat(answer.contentType()).startsWith("application/json");
            assertThat(answer.header("Retry-After")).isEqualTo("5");
            assertThat(answer.jsonPath().getString("error")).isEqualTo(ErrorMessages.DATABASE_UNAVAILABLE);
        });
        assertThat(upstream.getAllServeEvents()).as("upstream calls during the outage").isEmpty();
    }

    @Test
    void readinessIsDownWhileTheDatabaseIsDownAndUpOnceItIsBack() throws IOException {
        given().get("/q/health/ready").then().statusCode(200);

        StoppablePostgres.stopServer();
        given().get("/q/health/ready").then().statusCode(503);

        StoppablePostgres.restartServer();
        assertThat(readyWithinProbes(3)).as("readiness back after at most 3 probes").isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"journal", "manuscript"})
    void onceTheDatabaseIsBackTheSameLookupAnswers200WithoutARestart(String endpoint) throws IOException {
        String doi = stubbed(endpoint);
        StoppablePostgres.stopServer();
        Api.endpoint(endpoint, doi).then().statusCode(503);

        StoppablePostgres.restartServer();

        Api.endpoint(endpoint, doi).then().statusCode(200).contentType("application/json");
        assertThat(Upstreams.calls(upstream, endpoint, doi)).isEqualTo(1);
    }

    @Test
    void aJournalLookupDuringTheOutageWritesNothingAndTheSameLookupAfterwardsCreatesTheWholeJournal() throws IOException {
        String doi = stubbed("journal");
        StoppablePostgres.stopServer();
        Api.journal(doi).then().statusCode(503);
        StoppablePostgres.restartServer();
        jdbcBack();
        assertThat(Journals.all(dataSource)).as("journals after the outage").isEmpty();

        Api.journal(doi).then().statusCode(200);

        Journals.Row journal = Journals.only(dataSource);
        assertThat(journal.name()).isEqualTo(ARTICLE_JOURNAL);
        assertThat(journal.issns()).containsExactlyInAnyOrder("Print:2049-3630", "Online:2049-3649");
    }

    @Test
    void aManuscriptListInThisInstancesMemoryIsStillAnsweredWhileTheDatabaseIsDown() throws IOException {
        String doi = stubbed("manuscript");
        String before = Api.manuscript(doi).then().statusCode(200).extract().asString();

        StoppablePostgres.stopServer();

        assertThat(Api.manuscript(doi).then().statusCode(200).extract().asString()).isEqualTo(before);
        assertThat(Upstreams.calls(upstream, "manuscript", doi)).isEqualTo(1);
    }

    @Test
    void anOutageLogsNeitherAStackTraceNorSql() throws IOException {
        String journal = stubbed("journal");
        String manuscript = stubbed("manuscript");
        try (CapturedLog log = CapturedLog.open()) {
            StoppablePostgres.stopServer();
            Api.journal(journal).then().statusCode(503);
            Api.manuscript(manuscript).then().statusCode(503);
            given().get("/q/health/ready").then().statusCode(503);
            StoppablePostgres.restartServer();
            Api.journal(journal).then().statusCode(200);
            Api.manuscript(manuscript).then().statusCode(200);

            // the test's own PostgreSQL server reports its stop and start through the same log: not the service's lines
            List<CapturedLog.Line> service = log.lines().stream().filter(line -> !line.logger().startsWith("io.zonky")).toList();
            assertThat(service).as("log lines").isNotEmpty().allSatisfy(line -> {
                assertThat(line.thrown()).as("a stack trace with %s: %s", line.logger(), line.message()).isNull();
                assertThat(line.message()).doesNotContainIgnoringCase("select ").doesNotContain("doi_lookup", "pass_journal");
            });
            assertThat(service).anySatisfy(line -> assertThat(line.message()).contains("database"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"journal", "manuscript"})
    void whileTheDatabaseIsFrozenALookupAnswers503SoonWithoutCallingAndAfterwards200(String endpoint) {
        String doi = stubbed(endpoint);
        StoppablePostgres.freeze();
        long start = System.nanoTime();
        Response frozen = Api.endpoint(endpoint, doi);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        StoppablePostgres.thaw();

        assertThat(frozen.statusCode()).isEqualTo(503);
        assertThat(frozen.contentType()).startsWith("application/json");
        assertThat(frozen.header("Retry-After")).isEqualTo("2");
        assertThat(frozen.jsonPath().getString("error")).isEqualTo(ErrorMessages.DATABASE_BUSY);
        assertThat(took).as("answered while the database stays frozen").isLessThan(SOON);
        assertThat(Upstreams.calls(upstream, endpoint, doi)).isZero();
        Api.endpoint(endpoint, doi).then().statusCode(200);
    }

    /**
     * The JDBC connections the test reads through died with the server: they are flushed, and the
     * test goes on once a query through them works (the flush runs in the pool's own time).
     */
    private void jdbcBack() {
        jdbc.flush(AgroalDataSource.FlushMode.ALL);
        Awaitility.await("JDBC reads again").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .ignoreExceptions().until(() -> Journals.all(dataSource) != null);
    }

    /** A new DOI its upstream answers: a work in a journal with two ISSNs, or a manuscript record. */
    private String stubbed(String endpoint) {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, endpoint, doi, Upstreams.json(endpoint.equals("journal")
                ? Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630", "electronic:2049-3649")
                : Fixtures.text("oa-record.json")));
        return doi;
    }

    /** A failed probe may find a pooled connection that died with the server; the next one opens a new one. */
    private static boolean readyWithinProbes(int probes) {
        for (int i = 0; i < probes; i++) {
            if (given().get("/q/health/ready").statusCode() == 200) {
                return true;
            }
        }
        return false;
    }
}
