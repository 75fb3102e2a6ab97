package org.submission.platform.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.submission.localpostgres.LocalPostgres;

/**
 * A PostgreSQL server of the test JVM's own that a test may take away: stopped and started again
 * on the same port and data (an outage and the recovery), or frozen and thawed (SIGSTOP and
 * SIGCONT to the server and its backends: a database that takes connections and answers nothing,
 * as a slow one does). {@code pg_stat_statements} is preloaded. When SUBMISSION_DB_URL names a
 * server, that server is used and the tests that need this one are skipped, or fail with
 * REQUIRE_EXTERNAL_TOOLS=true ({@link ExternalTool}).
 */
public class StoppablePostgres implements QuarkusTestResourceLifecycleManager {

    private static LocalPostgres server;
    private static Path dataDirectory;
    private static int port;

    @Override
    public Map<String, String> start() {
        if (EmbeddedPostgresResource.externalServer()) {
            return Map.of();
        }
        return Map.of("submission.db.url", startOnce(), "submission.db.user", "postgres");
    }

    @Override
    public void stop() {
        // shared by every test class of the JVM; the shutdown hook stops it
    }

    /** True when the tests run on the server started here (so it can be stopped and inspected). */
    public static synchronized boolean embedded() {
        return dataDirectory != null;
    }

    /** Stops the server, as an outage would. */
    public static synchronized void stopServer() throws IOException {
        if (server != null) {
            server.close();
            server = null;
        }
    }

    /** Starts the server again on the same port with the same data. */
    public static synchronized void restartServer() {
        if (server == null) {
            server = launch();
        }
    }

    /** Stops every process of the server where it stands (SIGSTOP): connections open, nothing answered. */
    public static synchronized void freeze() {
        signal("-STOP");
    }

    /** Lets a frozen server go on (SIGCONT); harmless on a server that is not frozen. */
    public static synchronized void thaw() {
        signal("-CONT");
    }

    private static void signal(String signal) {
        if (server == null) {
            return;
        }
        List<String> command = new ArrayList<>(List.of(ExternalTool.require("kill").toString(), signal));
        ProcessHandle postmaster = ProcessHandle.of(postmasterPid()).orElseThrow();
        command.add(Long.toString(postmaster.pid()));
        postmaster.descendants().forEach(process -> command.add(Long.toString(process.pid())));
        try {
            int status = new ProcessBuilder(command).inheritIO().start().waitFor();
            if (status != 0) {
                throw new IllegalStateException(String.join(" ", command) + " exited with " + status);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The first line of postmaster.pid in the data folder. */
    private static long postmasterPid() {
        try {
            return Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid")).get(0).trim());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static synchronized String startOnce() {
        if (dataDirectory == null) {
            try {
                dataDirectory = Files.createTempDirectory("submission-test-pg");
                try (ServerSocket socket = new ServerSocket(0)) {
                    port = socket.getLocalPort();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            server = launch();
            Runtime.getRuntime().addShutdownHook(new Thread(StoppablePostgres::discard, "stoppable-test-pg-stop"));
        }
        return "postgresql://localhost:" + port + "/postgres";
    }

    private static LocalPostgres launch() {
        try {
            return LocalPostgres.start(LocalPostgres.Options.defaults().dataDirectory(dataDirectory, port)
                    .serverConfig("shared_preload_libraries", "pg_stat_statements").stoppedByCaller());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the embedded PostgreSQL", e);
        }
    }

    private static void discard() {
        try {
            thaw();
            stopServer();
            try (Stream<Path> files = Files.walk(dataDirectory)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        } catch (IOException | RuntimeException ignored) {
            // the JVM is ending; a temporary directory may stay behind
        }
    }
}
