package org.submission.doi;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.doi.support.Fixtures.ARTICLE_JOURNAL;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
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

/**
 * The packaged service (target/quarkus-app) as an operator runs it: a real process with the
 * images' JVM options, a real embedded PostgreSQL and a WireMock registry on loopback. Its own
 * launcher ({@link PackagedService}), not Quarkus': these tests start without a database, stop the
 * service mid-request and start it again on the same database.
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
        assertThat(service.log()).as("the migrating start's Flyway").contains("Successfully applied");
        assertThat(jdbcHealth()).as("readiness is the services' own database check alone, which remembers a refused login")
                .isNullOrEmpty();
        service.terminate();
        assertThat(service.exitsWithin(Duration.ofSeconds(15))).isTrue();

        service = start(database).awaitReady(START);

        assertThat(service.log()).as("no JDBC datasource, so no Flyway either").doesNotContain("Successfully validated",
                "Successfully applied");
        String doi = Fixtures.newDoi();
        Upstreams.answer(registry, "journal", doi, Upstreams.json(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630")));
        assertThat(Api.journal(service, doi).statusCode()).isEqualTo(200);
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
