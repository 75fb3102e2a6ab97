package org.submission.deploy.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.submission.deploy.testing.Project;
import org.submission.platform.testing.ExternalTool;

/**
 * The launcher as a user runs it: a separate process with {@code --offline}, the three real
 * services and an embedded PostgreSQL, the printed example calls executed as printed, then
 * SIGTERM and no process or port left behind. Needs the services' quarkus-app (built by the
 * reactor before this module; missing, the test fails) and curl (an {@link ExternalTool}).
 */
class LocalStackLifecycleTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path ROOT = Project.ROOT;
    private static final Duration START_LIMIT = Duration.ofMinutes(6);

    @Test
    void startsAnswersTheThreeExampleCallsAsPrintedAndStopsEveryChild() throws Exception {
        requireServicesBuilt();
        ExternalTool.require("curl");
        int port = PortBlocks.free(4);
        RunningCommand stack = launch("--offline", "--port", Integer.toString(port), "--timeout", "300");
        try {
            stack.awaitLine("Press Ctrl-C", START_LIMIT);
            List<String> curls = stack.lines().stream().map(String::strip).filter(l -> l.startsWith("curl ")).toList();
            assertThat(stack.output()).contains("ready at http://127.0.0.1:" + port, "demo-backend / demo-password");
            assertThat(curls).hasSize(3);

            JsonNode schemas = call(curls.get(0));
            assertThat(schemas.isArray()).isTrue();
            assertThat(schemas).isNotEmpty().allMatch(JsonNode::isObject);

            JsonNode policies = call(curls.get(1));
            assertThat(policies).extracting(p -> p.get("id").asText() + ":" + p.get("type").asText())
                    .containsExactly("21:funder", "22:institution", "23:funder", "24:funder", "115:funder");

            JsonNode journal = call(curls.get(2));
            assertThat(journal.get("journal-id").asText()).isEqualTo("50");
            assertThat(journal.at("/crossref/message/DOI").asText()).isEqualToIgnoringCase("10.4137/CMC.S38446");

            List<ProcessHandle> children = stack.process.descendants().toList();
            assertThat(children).hasSizeGreaterThanOrEqualTo(3);
            int databasePort = number(stack.output(), "postgresql://localhost:(\\d+)/");

            stack.process.toHandle().destroy(); // SIGTERM; Process.destroy() would also close our end of its output
            assertThat(stack.process.waitFor(90, TimeUnit.SECONDS)).as("launcher stopped after SIGTERM").isTrue();
            stack.drained();

            assertThat(children).noneMatch(ProcessHandle::isAlive);
            assertThat(stack.output()).contains("Stopped.");
            IntStream.rangeClosed(port, port + 3).forEach(p -> assertThat(Ports.free(p)).as("port %d free", p).isTrue());
            assertThat(Ports.free(databasePort)).as("database port free").isTrue();
        } finally {
            stack.kill();
        }
    }

    @Test
    void takenPortIsRefusedWithItsNameAndNothingStarts() throws Exception {
        int port = PortBlocks.free(4);
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", port + 2));
            RunningCommand stack = launch("--port", Integer.toString(port));
            try {
                assertThat(stack.process.waitFor(60, TimeUnit.SECONDS)).isTrue();
                assertThat(stack.process.exitValue()).isEqualTo(Launcher.REFUSED);
                stack.drained();
                assertThat(stack.output()).contains("port " + (port + 2) + " (policy-service) already in use")
                        .doesNotContain("Starting");
            } finally {
                stack.kill();
            }
        }
    }

    /** Runs a printed curl line exactly as printed (plus output options). */
    private static JsonNode call(String curl) throws Exception {
        Process process = new ProcessBuilder("bash", "-c", curl + " -sS -w '\\n%{http_code}'")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("curl exit status of: %s", curl).isZero();
        int newline = out.lastIndexOf('\n');
        String body = out.substring(0, newline);
        assertThat(out.substring(newline + 1)).as("status of %s; body %s", curl, body).isEqualTo("200");
        return JSON.readTree(body);
    }

    /** The reactor packages the services before this module: a missing jar is a failure, never a skip. */
    private static void requireServicesBuilt() {
        for (ServiceSpec spec : ServiceSpec.all(8080)) {
            assertThat(spec.runnerJar(ROOT)).as("built by ./mvnw package (the reactor builds it before this module)")
                    .isRegularFile();
        }
    }

    private static RunningCommand launch(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-cp", System.getProperty("java.class.path"), "org.submission.deploy.launcher.Launcher", "run",
                "--root", ROOT.toString(), "--logs", ROOT.resolve("deploy/launcher/target/lifecycle-logs").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(name -> name.startsWith("SUBMISSION_") || name.startsWith("SERVICE_POLICY_")
                || name.startsWith("QUARKUS_"));
        return new RunningCommand("the launcher", builder.start());
    }

    private static int number(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        assertThat(matcher.find()).as("%s in the output", regex).isTrue();
        return Integer.parseInt(matcher.group(1));
    }
}
