package org.submission.platform.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A service beside pass-core as the operator's guide sets it up: pass-core's own schema
 * ({@link PassCoreSchema}), PASS data written the way pass-core writes it ({@code pass-core-data.sql}),
 * the database owner's script ({@code deploy/db/owner-setup.sql}, run with psql as the guide says),
 * and the service logging in as the least-privileged role that script creates, with its password
 * checked, and its migrations off. One database per test JVM.
 */
public class PassCoreDatabase implements QuarkusTestResourceLifecycleManager {

    public static final String ROLE = "submission_services";
    public static final String PASSWORD = "services-secret";

    private static FreshDatabase database;

    @Override
    public Map<String, String> start() {
        FreshDatabase db = database();
        return Map.of("submission.db.url", db.url(), "submission.db.user", ROLE, "submission.db.password", PASSWORD,
                "submission.db.migrate", "false", "submission.seed.demo", "false");
    }

    @Override
    public void stop() {
        // the embedded server outlives the test class
    }

    /** The database, created, filled and set up by the owner's script at the first call. */
    public static synchronized FreshDatabase database() {
        if (database == null) {
            FreshDatabase db = PassCoreSchema.create();
            db.execute(dataSet());
            runOwnerScript(db);
            PasswordLogins.require(db, ROLE);
            database = db;
        }
        return database;
    }

    private static String dataSet() {
        try (InputStream in = PassCoreDatabase.class.getResourceAsStream("pass-core-data.sql")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code psql -v ON_ERROR_STOP=1 -v role=... -v password=... -f deploy/db/owner-setup.sql}, as the owner. */
    static void runOwnerScript(FreshDatabase db) {
        Path psql = ExternalTool.require("psql");
        Path script = ownerScript().orElseThrow(() -> new IllegalStateException("deploy/db/owner-setup.sql not found"));
        try {
            Path output = Files.createTempFile("owner-setup-", ".log");
            Process process = new ProcessBuilder(List.of(psql.toString(), "-X", "-q", "-v", "ON_ERROR_STOP=1",
                    "-v", "role=" + ROLE, "-v", "password=" + PASSWORD, "-d", db.url() + "?user=postgres", "-f", script.toString()))
                    .redirectErrorStream(true).redirectOutput(output.toFile()).start();
            if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IllegalStateException("the owner's script failed:\n" + Files.readString(output));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static Optional<Path> ownerScript() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("deploy/db/owner-setup.sql");
            if (Files.isRegularFile(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
