package org.submission.doi;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.doi.support.Fixtures.ARTICLE_JOURNAL;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.HeldAnswers;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.PackagedService;
import org.submission.platform.testing.RelativeLatency;
import org.submission.platform.testing.RelativeLatency.Times;

/**
 * The packaged service (target/quarkus-app) as an operator runs it: a real process with the
 * images' JVM options, a real embedded PostgreSQL and a WireMock registry on loopback.
 */
class RunningServiceIT {

    private static final Duration START = Duration.ofSeconds(90);

    private final HeldAnswers held = new HeldAnswers();
    private final WireMockServer registry = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort().extensions(held));
    private PackagedService service;

    @BeforeEach
    void startRegistry() {
        registry.start();
    }

    @AfterEach
    void stopAll() {
        held.release();
        if (service != null) {
            service.kill();
        }
        registry.stop();
    }

    @Test
    void withoutADatabaseUrlItExitsAtOnceWithOneLineNamingTheVariable() throws Exception {
        service = start(Map.of());

        assertThat(service.exitsWithin(Duration.ofSeconds(60))).as("exited").isTrue();
        assertThat(service.process().exitValue()).isEqualTo(2);
        List<String> lines = service.log().lines().filter(line -> !line.startsWith("Picked up JAVA_TOOL_OPTIONS")).toList();
        assertThat(lines).singleElement().asString().contains("SUBMISSION_DB_URL", "./run.sh");
    }

    @Test
    void askedForDevModesEmbeddedDatabaseThePackagedServiceHasNoneAndExits() throws Exception {
        service = start(Map.of("SUBMISSION_DB_DEV_EMBEDDED", "true"));

        assertThat(service.exitsWithin(Duration.ofSeconds(60))).as("exited").isTrue();
        assertThat(service.process().exitValue()).isEqualTo(2);
        List<String> lines = service.log().lines().filter(line -> !line.startsWith("Picked up JAVA_TOOL_OPTIONS")).toList();
        assertThat(lines).hasSize(2).anySatisfy(line -> assertThat(line).contains("SUBMISSION_DB_DEV_EMBEDDED", "quarkus:dev"))
                .anySatisfy(line -> assertThat(line).contains("SUBMISSION_DB_URL is not set"));
    }

    @Test
    void onSigtermAnInFlightJournalLookupGetsItsAnswerWhileReadinessIsDown() throws Exception {
        String doi = Fixtures.newDoi();
        Upstreams.answer(registry, "journal", doi, Upstreams.json(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"))
                .withTransformers(HeldAnswers.NAME));
        service = start(FreshDatabase.create().settings()).awaitReady(START);

        CompletableFuture<Response> inFlight = CompletableFuture.supplyAsync(() -> Api.journal(service, doi));
        held.awaitCalls(1, START);
        service.terminate();

        service.awaitReadiness(503, Duration.ofSeconds(8));
        assertThat(inFlight).as("still waiting on the registry").isNotDone();
        held.release();
        assertThat(inFlight.get(15, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
        assertThat(service.exitsWithin(Duration.ofSeconds(15))).as("exited within quarkus.shutdown.timeout").isTrue();
    }

    @Test
    void aStartOnAnAlreadyMigratedDatabaseKeepsNoJdbcDatasourceAndStillAnswers() throws Exception {
        Map<String, String> database = FreshDatabase.create().settings();
        service = start(database).awaitReady(START);
        assertThat(jdbcHealth()).as("the migrating start's JDBC datasource").containsEntry("<default>", "UP");
        service.terminate();
        assertThat(service.exitsWithin(Duration.ofSeconds(15))).isTrue();

        service = start(database).awaitReady(START);

        assertThat(jdbcHealth()).as("no JDBC datasource, so no Flyway either").isNullOrEmpty();
        String doi = Fixtures.newDoi();
        Upstreams.answer(registry, "journal", doi, Upstreams.json(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630")));
        assertThat(Api.journal(service, doi).statusCode()).isEqualTo(200);
    }

    /**
     * No registry answer may hold an event loop: answers whose abstract is {@code "<a>x"} 100,000 times (400 KB;
     * 27 s of quadratic cleaning on an event loop), which list 40,000 ISSNs or are 1.9 MB long, several at once,
     * while a cached manuscript request is repeated. Their processing never shows in an event
     * loop's blocked-thread report (any block over 100 ms is reported, with its stack), every
     * cached request answers, and its times stay within their bounds relative to the same request
     * just before ({@link RelativeLatency}): on a shared 2-core machine at a load average of 25, a
     * warm service with no hostile work has requests over 100 ms too, so a fixed bound would measure
     * the machine.
     */
    @Test
    void aCachedRequestIsNotHeldUpWhileHostileRegistryAnswersAreProcessed() throws Exception {
        String cached = Fixtures.newDoi();
        Upstreams.answer(registry, "manuscript", cached, Upstreams.json(Fixtures.text("oa-record.json")));
        List<String> hostile = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            String doi = Fixtures.newDoi();
            ObjectNode work = (ObjectNode) Fixtures.parse(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"));
            ObjectNode message = (ObjectNode) work.get("message");
            if (i == 6) {
                ArrayNode references = message.putArray("reference");
                while (work.toString().length() < 1_900_000) {
                    for (int n = 0; n < 1_000; n++) {
                        references.addObject().put("key", "ref" + n).put("unstructured", "A. Author, A cited article, J. Ex. 12 (2001) 34-56.");
                    }
                }
            } else if (i % 3 == 2) {
                ArrayNode issns = message.putArray("ISSN");
                for (int n = 0; n < 40_000; n++) {
                    issns.add(String.format("%04d-%04d", n / 10_000, n % 10_000));
                }
            } else {
                message.put("abstract", "<a>x".repeat(100_000));
            }
            Upstreams.answer(registry, "journal", doi, Upstreams.json(work.toString()));
            hostile.add(doi);
        }
        String warmUp = Fixtures.newDoi();
        Upstreams.answer(registry, "journal", warmUp, Upstreams.json(Fixtures.work(warmUp, ARTICLE_JOURNAL, "print:2049-3630")));
        Map<String, String> settings = new HashMap<>(FreshDatabase.create().settings());
        settings.putAll(Map.of("QUARKUS_VERTX_MAX_EVENT_LOOP_EXECUTE_TIME", "100ms", "QUARKUS_VERTX_WARNING_EXCEPTION_TIME", "100ms"));
        // no rate until the registry announces one: at the default rate's 10 ms of slack, lookups on a machine at a
        // load average of 40 missed their turns three times and were answered 503, which is not what is tested here
        settings.put("DOI_UPSTREAM_DEFAULT_RATE", "0");
        service = start(settings).awaitReady(START);
        assertThat(Api.journal(service, warmUp).statusCode()).isEqualTo(200);
        Callable<Void> cachedRequest = () -> {
            assertThat(Api.manuscript(service, cached).statusCode()).isEqualTo(200);
            return null;
        };
        Times before = RelativeLatency.measure(20, Duration.ofMillis(10), cachedRequest);
        // the warm-up's own reports (first class loading, without the AppCDS archive) are not the hostile answers'
        long logBefore = service.logSize();
        ExecutorService clients = Executors.newFixedThreadPool(hostile.size());
        try {
            List<CompletableFuture<Integer>> answers = hostile.stream()
                    .map(doi -> CompletableFuture.supplyAsync(() -> Api.journal(service, doi).statusCode(), clients)).toList();
            CompletableFuture<Void> all = CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new));
            Times during = RelativeLatency.measureWhile(() -> !all.isDone(), 5, Duration.ofMillis(10), cachedRequest);

            assertThat(all.get(60, TimeUnit.SECONDS)).isNull();
            assertThat(answers).as(() -> "the hostile lookups' statuses; the service's output:\n" + service.log())
                    .allMatch(answer -> answer.join() == 200);
            assertThat(service.logSince(logBefore).split("\\n(?=\\S)"))
                    .as("event-loop blocked-thread reports").noneMatch(report -> report.contains("has been blocked")
                            && report.matches("(?s).*(org\\.jsoup|SafeHtml|JatsConverter|JournalCandidate|RegistryWork|BoundedText|BoundedTree|UpstreamBody).*"));
            System.out.printf("cached /doi/manuscript: before the hostile answers %s; while they were processed %s%n", before, during);
            RelativeLatency.assertNotHeldUp("cached /doi/manuscript while hostile answers are processed", before, during);
        } finally {
            clients.shutdownNow();
        }
    }

    private Map<String, String> jdbcHealth() {
        return service.request().get("/q/health/ready").jsonPath()
                .getMap("checks.find { it.name == 'Database connections health check' }.data");
    }

    /** The packaged service with the WireMock registry as both upstreams, and these settings. */
    private PackagedService start(Map<String, String> settings) {
        Map<String, String> all = new HashMap<>(WireMockUpstreams.environment(registry));
        all.putAll(settings);
        return PackagedService.start(all);
    }
}
