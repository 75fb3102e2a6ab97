package org.submission.platform.testing;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A command beyond the JDK (kubectl, node, npm) that some tests need. On a developer's machine
 * without it those tests are skipped with a message; CI ({@code .ci/run} exports
 * {@code REQUIRE_EXTERNAL_TOOLS=true}) makes them required, so a missing tool fails the build
 * there instead of silently skipping the check.
 */
public final class ExternalTool {

    public static final String REQUIRED_VARIABLE = "REQUIRE_EXTERNAL_TOOLS";

    private ExternalTool() {
    }

    /** The command's path; skips the calling test (or fails it in CI) when it is not installed. */
    public static Path require(String command) {
        Optional<Path> found = find(command);
        if (found.isEmpty()) {
            String message = command + " is not installed (not on PATH); this test needs it";
            if (Boolean.parseBoolean(System.getenv(REQUIRED_VARIABLE))) {
                Assertions.fail(message + ", and " + REQUIRED_VARIABLE + "=true makes it required");
            }
            Assumptions.abort(message + ": skipped");
        }
        return found.get();
    }

    /** The command's path on PATH, if any. */
    public static Optional<Path> find(String command) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir).resolve(command);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
