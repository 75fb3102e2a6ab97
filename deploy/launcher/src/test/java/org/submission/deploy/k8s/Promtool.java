package org.submission.deploy.k8s;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.submission.platform.testing.ExternalTool;

/** Prometheus's own checker ({@code promtool}, of Debian's {@code prometheus} package), run in a folder. */
record Promtool(int exitCode, String output) {

    static Promtool run(Path dir, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ExternalTool.require("promtool").toString());
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("promtool " + String.join(" ", arguments) + " did not finish: " + output);
        }
        return new Promtool(process.exitValue(), output);
    }
}
