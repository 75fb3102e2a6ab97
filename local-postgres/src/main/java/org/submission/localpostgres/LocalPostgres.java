package org.submission.localpostgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A real PostgreSQL server from binaries shipped in a Maven artifact (zonky), for the local
 * launcher and the tests. The one place that starts one: the services never do.
 */
public final class LocalPostgres implements AutoCloseable {

    /** Where the per-JVM server's URL is kept: a Quarkus test restart loads this class again. */
    private static final String SHARED_URL = "submission.local-postgres.url";

    private static LocalPostgres shared;

    private final EmbeddedPostgres server;

    private LocalPostgres(EmbeddedPostgres server) {
        this.server = server;
    }

    /** How to start a server; {@link #defaults()} is a throwaway one on a free port. */
    public record Options(Optional<Path> log, Optional<Path> dataDirectory, int port,
                          Map<String, String> serverConfig, boolean stopAtExit) {

        public static Options defaults() {
            return new Options(Optional.empty(), Optional.empty(), 0, Map.of(), true);
        }

        /** The server's output appended to this file instead of this process's log. */
        public Options log(Path file) {
            return new Options(Optional.of(file), dataDirectory, port, serverConfig, stopAtExit);
        }

        /** Keeps the data in this folder across a stop and a start (instead of a temporary one). */
        public Options dataDirectory(Path folder, int fixedPort) {
            return new Options(log, Optional.of(folder), fixedPort, serverConfig, stopAtExit);
        }

        public Options serverConfig(String name, String value) {
            Map<String, String> config = new LinkedHashMap<>(serverConfig);
            config.put(name, value);
            return new Options(log, dataDirectory, port, Map.copyOf(config), stopAtExit);
        }

        /** The caller stops the server itself (no JVM shutdown hook). */
        public Options stoppedByCaller() {
            return new Options(log, dataDirectory, port, serverConfig, false);
        }
    }

    public static LocalPostgres start(Options options) throws IOException {
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setRegisterShutdownHook(options.stopAtExit())
                .setPGStartupWait(Duration.ofSeconds(60));
        options.log().ifPresent(file -> {
            ProcessBuilder.Redirect toLog = ProcessBuilder.Redirect.appendTo(file.toFile());
            builder.setOutputRedirector(toLog).setErrorRedirector(toLog);
        });
        options.dataDirectory().ifPresent(folder -> builder.setDataDirectory(folder).setCleanDataDirectory(false));
        if (options.port() != 0) {
            builder.setPort(options.port());
        }
        options.serverConfig().forEach(builder::setServerConfig);
        return new LocalPostgres(builder.start());
    }

    /**
     * The URL of the one server of this JVM, started at the first call and stopped at exit: the
     * tests' database. Reused across class loaders through a system property.
     */
    public static synchronized String sharedUrl() {
        String running = System.getProperty(SHARED_URL);
        if (running != null) {
            return running;
        }
        if (shared == null) {
            try {
                // pg_stat_statements lets tests count the statements one request runs
                shared = start(Options.defaults().serverConfig("shared_preload_libraries", "pg_stat_statements"));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the embedded PostgreSQL", e);
            }
        }
        System.setProperty(SHARED_URL, shared.url());
        return shared.url();
    }

    public int port() {
        return server.getPort();
    }

    /** In the services' {@code SUBMISSION_DB_URL} form; the user is {@code postgres}, no password. */
    public String url() {
        return "postgresql://localhost:" + port() + "/postgres";
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // stopping anyway; a temporary data folder goes with the server
        }
    }
}
