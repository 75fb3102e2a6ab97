package org.submission.policy.rules;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * The service with a rules file the tests rewrite, read again every 100 ms. It starts with no
 * rules, since the tests load their data after the start. The path is fixed, not a temporary
 * file's: Quarkus loads this class in the test's class loader and in the application's, and
 * both must name the same file.
 */
public class RulesFileProfile implements QuarkusTestProfile {

    public static final Path FILE = file();

    @Override
    public Map<String, String> getConfigOverrides() {
        // each start begins without rules: the file may hold what the tests before wrote, for data they replaced
        write("version: 1\n");
        return Map.of("policy.rules.file", FILE.toString(), "policy.rules.reload-period", "100ms");
    }

    /** Replaces the file as an editor or the kubelet does: the new content appears whole. */
    public static void write(String content) {
        try {
            Path next = FILE.resolveSibling("rules.yaml.next");
            Files.writeString(next, content);
            Files.move(next, FILE, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path file() {
        try {
            Path file = Files.createDirectories(Path.of("target", "policy-rules-test")).resolve("rules.yaml").toAbsolutePath();
            Files.writeString(file, "version: 1\n");
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
