package org.submission.deploy.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.submission.deploy.testing.Project;
import org.submission.platform.testing.ExternalTool;

/**
 * The developer loop as the README gives it: the schema service's {@code quarkus:dev} command, run in
 * a copy of the checkout without any build output (as a fresh clone), on its embedded PostgreSQL with
 * the demo data. It answers a demo schema to the demo's backend account, the Dev UI answers, a change
 * to the service's configuration is live on the next request, and SIGTERM to Maven stops the service
 * and its database. It compiles four modules, so it runs in CI ({@code REQUIRE_EXTERNAL_TOOLS=true}) or
 * with {@code -Dsubmission.test.dev-mode=true}, and is skipped with a message otherwise.
 */
class DevModeLoopTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** A bound for a cold compile beside another build on two cores, not a timing. */
    private static final Duration START_LIMIT = Duration.ofMinutes(20);
    private static final Set<String> NOT_COPIED = Set.of(".git", "target", "node_modules");
    private static final String BACKEND = "Basic " + Base64.getEncoder().encodeToString(
            (LocalStack.DEMO_SETTINGS.get("SUBMISSION_BACKEND_USER") + ":"
                    + LocalStack.DEMO_SETTINGS.get("SUBMISSION_BACKEND_PASSWORD")).getBytes(StandardCharsets.UTF_8));

    @TempDir
    Path work;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void quarkusDevAnswersADemoSchemaReloadsAChangeAndStopsWithItsDatabase() throws Exception {
        Assumptions.assumeTrue(Boolean.parseBoolean(System.getenv(ExternalTool.REQUIRED_VARIABLE))
                || Boolean.getBoolean("submission.test.dev-mode"), "DevModeLoopTest compiles the schema service"
                + " from scratch: skipped; REQUIRE_EXTERNAL_TOOLS=true (CI) or -Dsubmission.test.dev-mode=true runs it");
        Path clone = freshCopy();
        int port = PortBlocks.free(1);
        RunningCommand dev = start(clone, port);
        try {
            dev.awaitLine("Listening on: http://localhost:" + port, START_LIMIT);
            int databasePort = number(dev.output(), "the embedded PostgreSQL with the demo data serves at"
                    + " postgresql://localhost:(\\d+)/");

            HttpResponse<String> schemas = get(port, "/schemaservice?entityIds=12");
            assertThat(schemas.statusCode()).as(schemas.body()).isEqualTo(200);
            assertThat(JSON.readTree(schemas.body())).extracting(schema -> schema.get("$id").asText())
                    .containsExactly("https://submission.example.org/schemas/pass/common.json",
                            "https://submission.example.org/schemas/pass/ir.json");
            assertThat(get(port, "/q/dev-ui/").statusCode()).isEqualTo(200);

            Path properties = clone.resolve("schema-service/src/main/resources/application.properties");
            Files.writeString(properties, Files.readString(properties).replace(
                    "quarkus.smallrye-openapi.info-title=Schema service", "quarkus.smallrye-openapi.info-title=Changed live"));
            assertThat(titleOnceReloaded(port, "Changed live")).isEqualTo("Changed live");
            assertThat(get(port, "/schemaservice?entityIds=12").statusCode()).as("after the reload").isEqualTo(200);

            List<ProcessHandle> children = dev.process.descendants().toList();
            dev.process.toHandle().destroy(); // SIGTERM to Maven, as Ctrl-C
            assertThat(dev.process.waitFor(120, TimeUnit.SECONDS)).as("quarkus:dev stopped after SIGTERM").isTrue();
            assertThat(children).noneMatch(ProcessHandle::isAlive);
            assertThat(Ports.free(port)).as("service port free").isTrue();
            assertThat(Ports.free(databasePort)).as("database port free").isTrue();
        } finally {
            dev.kill();
        }
    }

    /**
     * The OpenAPI document's title, asked again until it is {@code expected} or a minute has passed:
     * dev mode looks for changes at a request at most every few seconds, and the request that finds
     * one waits for the reload.
     */
    private String titleOnceReloaded(int port, String expected) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(1));
        String title;
        do {
            Thread.sleep(1_000);
            title = JSON.readTree(get(port, "/q/openapi?format=json").body()).at("/info/title").asText();
        } while (!title.equals(expected) && Instant.now().isBefore(deadline));
        return title;
    }

    private HttpResponse<String> get(int port, String path) throws IOException, InterruptedException {
        // the first request after a change waits for the reload
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .header("Authorization", BACKEND).timeout(Duration.ofMinutes(5)).build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** The checkout's sources, without .git and any build output. */
    private Path freshCopy() throws IOException {
        Path clone = work.resolve("clone");
        Files.walkFileTree(Project.ROOT, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                if (NOT_COPIED.contains(dir.getFileName().toString())) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                Files.createDirectories(clone.resolve(Project.ROOT.relativize(dir)));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.copy(file, clone.resolve(Project.ROOT.relativize(file)), StandardCopyOption.COPY_ATTRIBUTES);
                return FileVisitResult.CONTINUE;
            }
        });
        return clone;
    }

    /** The README's command, on a free port, without the debugger's fixed port or the analytics question. */
    private static RunningCommand start(Path clone, int port) throws IOException {
        List<String> command = new ArrayList<>(List.of("./mvnw", "-B", "-pl", "schema-service", "-am", "test-compile",
                "quarkus:dev", "-Dquarkus.http.port=" + port, "-Ddebug=false", "-Dquarkus.analytics.disabled=true"));
        String repository = System.getProperty("build.local.repository");
        if (repository != null) {
            command.add("-Dmaven.repo.local=" + repository);
        }
        ProcessBuilder builder = new ProcessBuilder(command).directory(clone.toFile()).redirectErrorStream(true);
        builder.environment().keySet().removeIf(name -> name.startsWith("SUBMISSION_") || name.startsWith("QUARKUS_")
                || name.equals("MAVEN_PROJECTBASEDIR") || name.equals("MAVEN_BASEDIR"));
        return new RunningCommand("quarkus:dev", builder.start());
    }

    private static int number(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        assertThat(matcher.find()).as("%s in the output", regex).isTrue();
        return Integer.parseInt(matcher.group(1));
    }
}
