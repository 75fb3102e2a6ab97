package org.submission.deploy.launcher;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** One service as a child process ({@code java -jar …/quarkus-run.jar}), its output in a log file. */
record ServiceProcess(ServiceSpec spec, Process process, Path log) {

    static ServiceProcess start(ServiceSpec spec, Path root, List<String> javaOptions, Map<String, String> env,
                                Path log) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString())));
        command.addAll(javaOptions);
        command.addAll(List.of("-jar", spec.runnerJar(root).toString()));
        ProcessBuilder builder = new ProcessBuilder(command)
                // from quarkus-app, as the images run it: jvm.options is relative to it
                .directory(spec.runnerJar(root).getParent().toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(env);
        builder.environment().put("QUARKUS_HTTP_PORT", Integer.toString(spec.port()));
        return new ServiceProcess(spec, builder.start(), log);
    }

    /** Polls {@code /q/health/ready} until it answers 200; fails early when the process ends. */
    void awaitReady(HttpClient http, Instant deadline) throws LaunchException, InterruptedException {
        HttpRequest ready = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + spec.port() + "/q/health/ready"))
                .timeout(Duration.ofSeconds(5)).build();
        while (true) {
            if (!process.isAlive()) {
                throw new LaunchException(exit("stopped while starting"));
            }
            try {
                if (http.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            if (Instant.now().isAfter(deadline)) {
                throw new LaunchException(spec.id() + " was not ready in time (its /q/health/ready never answered 200)."
                        + " The end of " + log + ":\n" + tail());
            }
            Thread.sleep(250);
        }
    }

    /** Asks the service to stop (SIGTERM: Quarkus shuts down gracefully). */
    void requestStop() {
        process.destroy();
    }

    /** Waits for the stop asked by {@link #requestStop()}, then kills what is left. */
    void awaitStop(Duration grace) {
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** How an ended process is reported: its name, {@code how} it stopped, the exit code and the end of its log. */
    String exit(String how) {
        return spec.id() + " " + how + " (exit code " + process.exitValue() + "). The end of " + log + ":\n" + tail();
    }

    private String tail() {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - 20), all.size()));
        } catch (IOException e) {
            return "(log unreadable: " + e.getMessage() + ")";
        }
    }
}
