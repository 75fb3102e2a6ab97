package org.submission.doi;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.doi.support.Fixtures.ARTICLE_JOURNAL;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.FreshDatabase;

/**
 * The packaged service (target/quarkus-app) as an operator runs it: a real process with the
 * images' JVM options, a real embedded PostgreSQL and a WireMock registry on loopback.
 */
class RunningServiceIT {

    private static final Path APP = Path.of("target/quarkus-app");
    private static final Duration REGISTRY_DELAY = Duration.ofSeconds(3);

    private final WireMockServer registry = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());
    private Process service;
    private Path output;

    @BeforeEach
    void startRegistry() throws IOException {
        assertThat(APP.resolve("quarkus-run.jar")).as("the packaged service").isRegularFile();
        registry.start();
        output = Files.createTempFile("doi-service", ".log");
    }

    @AfterEach
    void stopAll() {
        if (service != null) {
            service.destroyForcibly();
        }
        registry.stop();
    }

    @Test
    void withoutADatabaseUrlItExitsAtOnceWithOneLineNamingTheVariable() throws Exception {
        service = start(Map.of());

        assertThat(service.waitFor(60, TimeUnit.SECONDS)).as("exited").isTrue();
        assertThat(service.exitValue()).isEqualTo(2);
        List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8).stream()
                .filter(line -> !line.startsWith("Picked up JAVA_TOOL_OPTIONS")).toList();
        assertThat(lines).singleElement().asString().contains("SUBMISSION_DB_URL", "./run.sh");
    }

    @Test
    void onSigtermAnInFlightJournalLookupGetsItsAnswerWhileReadinessIsDown() throws Exception {
        String doi = Fixtures.newDoi();
        Upstreams.answer(registry, "journal", doi, Upstreams.json(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630"))
                .withFixedDelay((int) REGISTRY_DELAY.toMillis()));
        service = start(Map.of("SUBMISSION_DB_URL", FreshDatabase.create().url(), "SUBMISSION_DB_USER", "postgres"));
        awaitReadiness(200, Duration.ofSeconds(90));

        CompletableFuture<Response> inFlight = CompletableFuture.supplyAsync(() -> Api.journal(doi));
        Upstreams.awaitCalls(registry, "journal", doi, 1);
        service.destroy();

        awaitReadiness(503, Duration.ofSeconds(2));
        assertThat(inFlight).as("still waiting on the registry").isNotDone();
        assertThat(inFlight.get(15, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
        assertThat(service.waitFor(15, TimeUnit.SECONDS)).as("exited within quarkus.shutdown.timeout").isTrue();
    }

    @Test
    void aStartOnAnAlreadyMigratedDatabaseKeepsNoJdbcDatasourceAndStillAnswers() throws Exception {
        Map<String, String> database = Map.of("SUBMISSION_DB_URL", FreshDatabase.create().url(), "SUBMISSION_DB_USER", "postgres");
        service = start(database);
        awaitReadiness(200, Duration.ofSeconds(90));
        assertThat(jdbcHealth()).as("the migrating start's JDBC datasource").containsEntry("<default>", "UP");
        service.destroy();
        assertThat(service.waitFor(15, TimeUnit.SECONDS)).isTrue();

        service = start(database);
        awaitReadiness(200, Duration.ofSeconds(90));

        assertThat(jdbcHealth()).as("no JDBC datasource, so no Flyway either").isNullOrEmpty();
        String doi = Fixtures.newDoi();
        Upstreams.answer(registry, "journal", doi, Upstreams.json(Fixtures.work(doi, ARTICLE_JOURNAL, "print:2049-3630")));
        assertThat(Api.journal(doi).statusCode()).isEqualTo(200);
    }

    private static Map<String, String> jdbcHealth() {
        return RestAssured.get("/q/health/ready").jsonPath()
                .getMap("checks.find { it.name == 'Database connections health check' }.data");
    }

    private Process start(Map<String, String> database) throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        RestAssured.port = port;
        String base = "http://127.0.0.1:" + registry.port();
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-Xmx128m", "-XX:SharedArchiveFile=app-cds.jsa", "-jar", "quarkus-run.jar")
                .directory(APP.toFile()).redirectErrorStream(true).redirectOutput(output.toFile());
        Map<String, String> env = builder.environment();
        env.remove("SUBMISSION_DB_URL");
        env.putAll(database);
        env.putAll(Map.of("QUARKUS_HTTP_HOST", "127.0.0.1", "QUARKUS_HTTP_PORT", Integer.toString(port),
                "SUBMISSION_BACKEND_USER", "backend", "SUBMISSION_BACKEND_PASSWORD", "backend-secret",
                "REGISTRY_BASEURI", base + WireMockUpstreams.REGISTRY_PATH, "OALOOKUP_BASEURI", base + "/v2",
                "DOI_SERVICE_MAILTO", "pass-test@example.org"));
        return builder.start();
    }

    /** Polls readiness until it answers {@code status}; fails with the service's log otherwise. */
    private void awaitReadiness(int status, Duration within) throws Exception {
        long end = System.nanoTime() + within.toNanos();
        int last = -1;
        while (System.nanoTime() < end) {
            try {
                last = RestAssured.get("/q/health/ready").statusCode();
                if (last == status) {
                    return;
                }
            } catch (Exception notListening) {
                last = -1;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("readiness answered " + last + ", not " + status + ", within " + within
                + "; the service's log:\n" + Files.readString(output, StandardCharsets.UTF_8));
    }
}
