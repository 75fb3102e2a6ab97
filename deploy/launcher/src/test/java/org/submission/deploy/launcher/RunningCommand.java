package org.submission.deploy.launcher;

import static org.assertj.core.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A process a test started (its output and errors as one stream) and what it printed, read as it comes. */
final class RunningCommand {

    final Process process;
    private final String name;
    private final List<String> lines = new ArrayList<>();
    private final Thread reader;

    /** {@code name}: what the failure messages call it. */
    RunningCommand(String name, Process process) {
        this.name = name;
        this.process = process;
        this.reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    synchronized (lines) {
                        lines.add(line);
                        lines.notifyAll();
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
        }, name + "-output");
        reader.setDaemon(true);
        reader.start();
    }

    void awaitLine(String text, Duration limit) throws InterruptedException {
        Instant deadline = Instant.now().plus(limit);
        synchronized (lines) {
            while (lines.stream().noneMatch(l -> l.contains(text))) {
                if (!process.isAlive() && !reader.isAlive() || Instant.now().isAfter(deadline)) {
                    fail(name + " did not print \"" + text + "\"; it printed:\n" + String.join("\n", lines));
                }
                lines.wait(500);
            }
        }
    }

    void drained() throws InterruptedException {
        reader.join(10_000);
    }

    List<String> lines() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    String output() {
        return String.join("\n", lines());
    }

    /** After a failure: SIGTERM first, so that the process stops what it started, then what is left. */
    void kill() throws InterruptedException {
        List<ProcessHandle> children = process.descendants().toList();
        process.toHandle().destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        children.forEach(ProcessHandle::destroyForcibly);
    }
}
