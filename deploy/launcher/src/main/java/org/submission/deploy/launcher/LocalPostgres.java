package org.submission.deploy.launcher;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The one embedded PostgreSQL (a real server from binaries shipped in a Maven artifact) that
 * the three services share, as they share one database in the cluster. Its data lives in a
 * temporary folder and is removed when it stops.
 */
final class LocalPostgres implements AutoCloseable {

    private final EmbeddedPostgres server;

    private LocalPostgres(EmbeddedPostgres server) {
        this.server = server;
    }

    static LocalPostgres start(Path log) throws LaunchException {
        ProcessBuilder.Redirect toLog = ProcessBuilder.Redirect.appendTo(log.toFile());
        try {
            return new LocalPostgres(EmbeddedPostgres.builder()
                    .setOutputRedirector(toLog)
                    .setErrorRedirector(toLog)
                    .setRegisterShutdownHook(false)
                    .setPGStartupWait(Duration.ofSeconds(60))
                    .start());
        } catch (IOException | RuntimeException e) {
            throw new LaunchException("The embedded PostgreSQL did not start (" + e.getMessage() + "); see " + log, e);
        }
    }

    int port() {
        return server.getPort();
    }

    /** In the services' {@code SUBMISSION_DB_URL} form. */
    String url() {
        return "postgresql://localhost:" + port() + "/postgres";
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // stopping anyway; the temporary data folder goes with the server
        }
    }
}
