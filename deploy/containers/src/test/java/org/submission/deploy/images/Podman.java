package org.submission.deploy.images;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.submission.platform.testing.ExternalTool;

/**
 * The podman command, with this project's settings for these machines
 * ({@code deploy/containers/containers.conf}: runc, lower ulimits) unless the caller names its own
 * {@code CONTAINERS_CONF}. Skips the calling test where podman is missing (fails it in CI).
 */
final class Podman {

    static final Path ROOT = Path.of(System.getProperty("project.root", "../..")).toAbsolutePath().normalize();

    /** What a command printed and how it ended. */
    record Result(int exitCode, String out, String err) {

        Result orFail(List<String> command) {
            if (exitCode != 0) {
                throw new IllegalStateException(String.join(" ", command) + " exited with " + exitCode + ": " + err + out);
            }
            return this;
        }
    }

    private Podman() {
    }

    /** Runs podman with these arguments; fails on a non-zero exit. */
    static String run(String... args) {
        List<String> command = command(args);
        return exec(command, 600).orFail(command).out().trim();
    }

    /** Runs podman with these arguments and returns how it ended, whatever the exit code. */
    static Result attempt(String... args) {
        return exec(command(args), 600);
    }

    static List<String> command(String... args) {
        List<String> command = new ArrayList<>();
        command.add(ExternalTool.require("podman").toString());
        command.addAll(List.of(args));
        return command;
    }

    /** A podman command that did not end in its time, and was killed. */
    static final class Hung extends IllegalStateException {

        Hung(String message) {
            super(message);
        }
    }

    private static String tail(String printed) {
        return printed.length() <= 4_000 ? printed : "…" + printed.substring(printed.length() - 4_000);
    }

    /** Runs a command with podman's settings in its environment. */
    static Result exec(List<String> command, int timeoutSeconds) {
        try {
            Path out = Files.createTempFile("podman", ".out");
            Path err = Files.createTempFile("podman", ".err");
            try {
                ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
                if (System.getenv("CONTAINERS_CONF") == null) {
                    builder.environment().put("CONTAINERS_CONF", ROOT.resolve("deploy/containers/containers.conf").toString());
                }
                Process process = builder.start();
                if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                    throw new Hung(String.join(" ", command) + " did not end within " + timeoutSeconds + " s; it printed: "
                            + tail(Files.readString(err, StandardCharsets.UTF_8) + Files.readString(out, StandardCharsets.UTF_8)));
                }
                return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + command, e);
        }
    }
}
