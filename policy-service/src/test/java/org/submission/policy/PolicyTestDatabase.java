package org.submission.policy;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.submission.localpostgres.LocalPostgres;
import org.submission.platform.testing.EmbeddedPostgresResource;

/**
 * The shared {@code EmbeddedPostgresResource}, plus two things this module's tests need from the
 * server itself: {@code pg_stat_statements} preloaded (to count the statements one request
 * runs), and a stop and a restart on the same port and data (to see a real outage and the
 * recovery). When SUBMISSION_DB_URL names a server, that server is used and those two tests
 * are skipped.
 */
public class PolicyTestDatabase implements QuarkusTestResourceLifecycleManager {

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

    private static synchronized String startOnce() {
        if (dataDirectory == null) {
            try {
                dataDirectory = Files.createTempDirectory("policy-service-pg");
                try (ServerSocket socket = new ServerSocket(0)) {
                    port = socket.getLocalPort();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            server = launch();
            Runtime.getRuntime().addShutdownHook(new Thread(PolicyTestDatabase::discard, "policy-test-pg-stop"));
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
            stopServer();
            try (Stream<Path> files = Files.walk(dataDirectory)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        } catch (IOException ignored) {
            // the JVM is ending; a temporary directory may stay behind
        }
    }
}
