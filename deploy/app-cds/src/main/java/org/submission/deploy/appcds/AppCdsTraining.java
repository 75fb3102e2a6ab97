package org.submission.deploy.appcds;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.submission.localpostgres.LocalPostgres;

/**
 * Records a service's AppCDS archive from a real start, run by the build after {@code quarkus:build}:
 * a first start on a throwaway PostgreSQL applies the migrations and the demo data, a second
 * one, recorded with {@code -XX:ArchiveClassesAtExit} (or {@code -XX:AOTCacheOutput}, see
 * {@link #recordingOption()}), becomes ready on the migrated database,
 * answers the given requests (each must answer 200: a failed one records the classes of an error
 * instead, and no archive is kept) and stops on SIGTERM. Quarkus' own generation stops after its
 * build-time initialisation, so its archive misses the classes a start loads after it
 * (Hibernate's, the database client's): about half of them.
 *
 * <p>With {@code --stub=DIR} a WireMock server answers the service's upstream calls from the
 * mapping files in DIR, so that the requests take the path a real lookup takes;
 * {@code {stub}} in an {@code --env} value is its base URL.
 *
 * <pre>
 * AppCdsTraining --app=DIR --archive=app-cds.jsa --jvm-options="..." [--stub=DIR] [--env=NAME=VALUE]... [--get=/path?query]...
 * </pre>
 */
public final class AppCdsTraining {

    private static final Duration READY_WITHIN = Duration.ofSeconds(180);
    /** Writing the archive at exit; a JDK 25 AOT cache is assembled then, minutes on a busy machine. */
    private static final Duration STOP_WITHIN = Duration.ofSeconds(600);

    private final Path app;
    private final Path stub;
    private final String archive;
    private final List<String> jvmOptions = new ArrayList<>();
    private final Map<String, String> env = new HashMap<>();
    private final List<String> requests = new ArrayList<>();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final String password = UUID.randomUUID().toString();

    private AppCdsTraining(Map<String, List<String>> options) {
        app = Path.of(single(options, "app")).toAbsolutePath();
        archive = single(options, "archive");
        stub = options.containsKey("stub") ? Path.of(single(options, "stub")).toAbsolutePath() : null;
        for (String option : single(options, "jvm-options").trim().split("\\s+")) {
            if (!option.isEmpty()) {
                jvmOptions.add(option);
            }
        }
        for (String pair : options.getOrDefault("env", List.of())) {
            int equals = pair.indexOf('=');
            env.put(pair.substring(0, equals), pair.substring(equals + 1));
        }
        requests.addAll(options.getOrDefault("get", List.of()));
        env.put("SUBMISSION_BACKEND_USER", "training");
        env.put("SUBMISSION_BACKEND_PASSWORD", password);
        env.put("QUARKUS_HTTP_HOST", "127.0.0.1");
    }

    public static void main(String[] args) throws Exception {
        Map<String, List<String>> options = new HashMap<>();
        for (String arg : args) {
            if (!arg.startsWith("--") || !arg.contains("=")) {
                throw new IllegalArgumentException("expected --name=value, got " + arg);
            }
            int equals = arg.indexOf('=');
            options.computeIfAbsent(arg.substring(2, equals), name -> new ArrayList<>()).add(arg.substring(equals + 1));
        }
        long begin = System.nanoTime();
        Path recorded = new AppCdsTraining(options).record();
        System.out.printf("AppCDS archive %s: %d MiB, recorded in %d s%n", recorded, Files.size(recorded) >> 20,
                TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - begin));
    }

    private static String single(Map<String, List<String>> options, String name) {
        List<String> values = options.get(name);
        if (values == null || values.size() != 1) {
            throw new IllegalArgumentException("give --" + name + "= once");
        }
        return values.get(0);
    }

    private Path record() throws Exception {
        Path target = app.resolve(archive);
        Files.deleteIfExists(target);
        WireMockServer upstreams = startStub();
        try (LocalPostgres database = LocalPostgres.start(LocalPostgres.Options.defaults()
                .log(app.resolveSibling("app-cds-postgres.log")))) {
            env.put("SUBMISSION_DB_URL", database.url());
            env.put("SUBMISSION_DB_USER", "postgres");
            run("migrate", List.of(), Map.of("SUBMISSION_SEED_DEMO", "true"), List.of());
            run("record", List.of(recordingOption()), Map.of(), requests);
        } finally {
            if (upstreams != null) {
                upstreams.stop();
            }
        }
        if (!Files.isRegularFile(target) || Files.size(target) == 0) {
            throw new IllegalStateException("the JVM wrote no archive at " + target);
        }
        return target;
    }

    /**
     * An archive named {@code *.aot} is a JDK 25 AOT cache (JEP 483/514/515: the classes loaded
     * and linked, and the training run's method profiles), written at exit by a JVM 25 or newer
     * running this class; any other name, an AppCDS archive, which every JDK since 13 records.
     */
    private String recordingOption() {
        return archive.endsWith(".aot") ? "-XX:AOTCacheOutput=" + archive : "-XX:ArchiveClassesAtExit=" + archive;
    }

    private WireMockServer startStub() {
        if (stub == null) {
            return null;
        }
        WireMockServer server = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort()
                .usingFilesUnderDirectory(stub.toString()).disableRequestJournal());
        server.start();
        env.replaceAll((name, value) -> value.replace("{stub}", "http://127.0.0.1:" + server.port()));
        return server;
    }

    private void run(String step, List<String> extraOptions, Map<String, String> extraEnv, List<String> gets) throws Exception {
        int port = freePort();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(extraOptions);
        command.addAll(List.of("-jar", "quarkus-run.jar"));
        Path log = app.resolveSibling("app-cds-" + step + ".log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(app.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(env);
        builder.environment().putAll(extraEnv);
        builder.environment().put("QUARKUS_HTTP_PORT", Integer.toString(port));
        Process service = builder.start();
        List<String> failed = new ArrayList<>();
        try {
            awaitReady(service, port, log);
            for (String path : gets) {
                int status = get(port, path).statusCode();
                System.out.printf("AppCDS training: GET %s -> %d%n", path, status);
                if (status != 200) {
                    failed.add(path + " -> " + status);
                }
            }
        } finally {
            service.destroy();   // SIGTERM: an orderly exit writes the archive
            if (!service.waitFor(STOP_WITHIN.toSeconds(), TimeUnit.SECONDS)) {
                service.destroyForcibly();
                throw new IllegalStateException("the service did not stop; its log: " + log);
            }
        }
        if (!failed.isEmpty()) {
            Files.deleteIfExists(app.resolve(archive));
            throw new IllegalStateException(failed.size() + " of " + gets.size() + " recording requests did not answer 200, "
                    + failed + "; no archive kept; the service's log: " + log);
        }
    }

    private void awaitReady(Process service, int port, Path log) throws Exception {
        long deadline = System.nanoTime() + READY_WITHIN.toNanos();
        while (System.nanoTime() < deadline) {
            if (!service.isAlive()) {
                throw new IllegalStateException("the service stopped before it was ready:\n" + tail(log));
            }
            try {
                if (get(port, "/q/health/ready").statusCode() == 200) {
                    return;
                }
            } catch (IOException notListeningYet) {
                // the port opens at the end of the start
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("the service was not ready within " + READY_WITHIN + ":\n" + tail(log));
    }

    private HttpResponse<Void> get(int port, String path) throws IOException, InterruptedException {
        String basic = Base64.getEncoder().encodeToString(("training:" + password).getBytes(StandardCharsets.UTF_8));
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Authorization", "Basic " + basic)
                .header("Cookie", "XSRF-TOKEN=training").header("X-XSRF-TOKEN", "training")
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.discarding());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }
}
