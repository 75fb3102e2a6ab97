package org.submission.schema.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import org.submission.schema.store.Json;
import org.submission.platform.testing.ExternalTool;

/**
 * SurveyJS's engine ({@code survey-core}) run by Node on a survey and a batch of blobs: one Node
 * process per survey. The release is the one the workbench page bundles: the build installs it with
 * {@code npm ci} from {@code src/main/workbench/package-lock.json} into {@code target/workbench-npm}.
 */
final class SurveyJsEngine {

    private static final Path HOME = Path.of("target", "workbench-npm").toAbsolutePath();

    private final Path node;

    private SurveyJsEngine(Path node) {
        this.node = node;
    }

    /** Skips the calling test (fails it in CI) without node, or when the build had no npm to install survey-core. */
    static SurveyJsEngine require() throws IOException {
        Path node = ExternalTool.require("node");
        ExternalTool.require(Files.isDirectory(HOME.resolve("node_modules/survey-core")),
                HOME + " has no survey-core (the build installs it when npm is on PATH)");
        try (var script = SurveyJsEngine.class.getResourceAsStream("/surveyjs/validate.js")) {
            Files.write(HOME.resolve("validate.js"), script.readAllBytes());
        }
        return new SurveyJsEngine(node);
    }

    /** {@code survey-core@<version>} as installed. */
    String release() throws IOException {
        return "survey-core@" + Json.parse(Files.readAllBytes(HOME.resolve("node_modules/survey-core/package.json"))).get("version").asText();
    }

    /** One outcome per blob: {@code {"hasErrors": bool, "questions": [...]}}. */
    List<JsonNode> validate(JsonNode survey, List<? extends JsonNode> blobs) throws IOException, InterruptedException {
        ObjectNode input = Json.NODES.objectNode().set("survey", survey);
        input.putArray("blobs").addAll(blobs.stream().map(JsonNode.class::cast).toList());
        ArrayNode outcomes = (ArrayNode) Json.parse(run(List.of(node.toString(), HOME.resolve("validate.js").toString()), Json.bytes(input)));
        if (outcomes.size() != blobs.size()) {
            throw new IllegalStateException("SurveyJS answered " + outcomes.size() + " outcomes for " + blobs.size() + " blobs");
        }
        return StreamSupport.stream(outcomes.spliterator(), false).toList();
    }

    private static byte[] run(List<String> command, byte[] input) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(HOME.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (OutputStream stdin = process.getOutputStream()) {
            if (input != null) {
                stdin.write(input);
            }
        }
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(5, TimeUnit.MINUTES) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " failed");
        }
        return output;
    }
}
