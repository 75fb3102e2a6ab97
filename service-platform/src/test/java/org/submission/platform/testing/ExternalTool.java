package org.submission.platform.testing;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A command beyond the JDK (kubectl, node, npm, curl), or another thing outside the checkout (the
 * shared reference folder, the tests' own PostgreSQL server), that some tests need. On a
 * developer's machine without it those tests are skipped with a message; CI ({@code .ci/run}
 * exports {@code REQUIRE_EXTERNAL_TOOLS=true}) makes them required, so a missing tool fails the
 * build there instead of silently skipping the check.
 */
public final class ExternalTool {

    public static final String REQUIRED_VARIABLE = "REQUIRE_EXTERNAL_TOOLS";

    private ExternalTool() {
    }

    /** The command's path; skips the calling test (or fails it in CI) when it is not installed. */
    public static Path require(String command) {
        Optional<Path> found = find(command);
        require(found.isPresent(), command + " is not installed (not on PATH)");
        return found.get();
    }

    /**
     * Skips the calling test (or fails it in CI) unless {@code present}; {@code missing} says what
     * is not there, e.g. "../shared/reference is not beside this checkout".
     */
    public static void require(boolean present, String missing) {
        if (!present) {
            String message = missing + "; this test needs it";
            if (Boolean.parseBoolean(System.getenv(REQUIRED_VARIABLE))) {
                Assertions.fail(message + ", and " + REQUIRED_VARIABLE + "=true makes it required");
            }
            Assumptions.abort(message + ": skipped");
        }
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
