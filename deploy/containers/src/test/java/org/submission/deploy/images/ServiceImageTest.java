package org.submission.deploy.images;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.submission.localpostgres.LocalPostgres;
import org.testcontainers.containers.Container.ExecResult;

/**
 * A service's image, built from its own Dockerfile.jvm and run through Testcontainers as the
 * manifests' pod runs it ({@link ServiceContainer}) against a real PostgreSQL; one container for
 * the tests of a class.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ServiceImageTest {

    protected ServiceImage image;
    protected ServiceContainer container;

    /** The service's name (its folder). */
    abstract String service();

    /** The request the RSS is measured after, the {@code i}-th of 1,000. */
    abstract String request(int i);

    /** Settings beyond the database and the backend account. */
    Map<String, String> settings() {
        return Map.of();
    }

    @BeforeAll
    void startContainer() throws Exception {
        image = ServiceImage.of(service());
        container = ServiceContainer.start(image, environment());
    }

    /** The database (migrations and demo data applied by whichever service starts first) and the class's settings. */
    Map<String, String> environment() {
        Map<String, String> env = new HashMap<>(settings());
        env.put("SUBMISSION_DB_URL", LocalPostgres.sharedUrl());
        env.put("SUBMISSION_SEED_DEMO", "true");
        return env;
    }

    @AfterAll
    void removeContainer() {
        if (container != null) {
            container.close();
        }
    }

    @Test
    void becomesReadyAgainstPostgres() {
        assertThat(container.firstReadyAnswer()).contains("\"status\": \"UP\"").contains("\"name\": \"database\"");
    }

    @Test
    void runsAsTheImagesNonRootUserWithoutCapabilitiesOrNewPrivileges() {
        String status = container.processFile("status");

        assertThat(status).containsPattern("(?m)^Uid:\\s+1001\\s+1001\\s+1001\\s+1001$")
                .containsPattern("(?m)^CapEff:\\s+0+$").containsPattern("(?m)^CapBnd:\\s+0+$")
                .containsPattern("(?m)^NoNewPrivs:\\s+1$");
    }

    @Test
    void cannotWriteItsRootFilesystem() {
        ExecResult write = container.exec("touch", "/deployments/written");

        assertThat(write.getExitCode()).isNotZero();
        assertThat(write.getStderr()).contains("Read-only file system");
    }

    @Test
    void mapsTheAotCacheItsImageCarries() {
        assertThat(container.processFile("maps")).as("the JVM maps the image's AOT cache (a refused one is not mapped)")
                .contains(ServiceImage.CLASS_DATA_ARCHIVE);
    }

    @Test
    void startsWithoutAWarningAboutItsAotCache() {
        assertThat(container.getLogs().lines().filter(line -> !ServiceImage.ADAPTERS_NOT_LINKED.matcher(line).find()))
                .as("a cache the JVM refuses or takes only in part says so at start")
                .noneMatch(line -> ServiceImage.CACHE_LOG_TAG.matcher(line).find());
    }

    @Test
    void passesItsHealthcheck() {
        ExecResult check = container.runHealthcheck();

        assertThat(check.getExitCode()).as("the image's HEALTHCHECK: %s%s", check.getStdout(), check.getStderr()).isZero();
    }

    @Test
    void staysUnderTheManifestsMemoryRequestAfter1000Requests() throws Exception {
        Load.Outcome outcome = Load.run(1000, i -> container.uri(request(i)));
        long rss = container.rssMib();
        System.out.printf("%s in its container: RSS %d MiB after 1,000 requests (%s; %d refusals with Retry-After waited out,"
                + " %d deadlines sent again)%n", service(), rss, outcome.statuses(), outcome.refusalsRetried(), outcome.deadlinesRetried());

        assertThat(outcome.statuses()).as("the last lines of its log:%n%s", container.log()).containsOnlyKeys(200);
        assertThat(rss).isLessThan(manifestMemoryMib(service(), "requests"));
    }

    /** The memory {@code requests} or {@code limits} of the service's Deployment in the kustomize base. */
    static long manifestMemoryMib(String service, String kind) {
        Path manifest = Podman.ROOT.resolve("deploy/k8s/base").resolve(service + ".yml");
        List<JsonNode> documents;
        try {
            documents = new ObjectMapper(new YAMLFactory()).readerFor(JsonNode.class).<JsonNode>readValues(manifest.toFile()).readAll();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (JsonNode document : documents) {
            if (document.path("kind").asText().equals("Deployment")) {
                String memory = document.at("/spec/template/spec/containers/0/resources/" + kind + "/memory").asText();
                assertThat(memory).endsWith("Mi");
                return Long.parseLong(memory.substring(0, memory.length() - 2));
            }
        }
        throw new AssertionError("no Deployment in " + manifest);
    }

    URI uri(String pathAndQuery) {
        return container.uri(pathAndQuery);
    }
}
