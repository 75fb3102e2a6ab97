package org.submission.deploy.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.submission.deploy.gateway.Gateway;
import org.submission.deploy.gateway.RouteTable;
import org.submission.localpostgres.LocalPostgres;

/**
 * The running local stack: one embedded PostgreSQL (unless SUBMISSION_DB_URL names one), the
 * optional offline stub, the three services as child processes and the gateway in this JVM.
 * {@link #close()} stops all of it, services first, and may be called from a shutdown hook.
 */
public final class LocalStack implements AutoCloseable {

    /** Demo values, used for any of these variables the caller's environment does not set. */
    static final Map<String, String> DEMO_SETTINGS = demoSettings();

    /**
     * The options of the images and manifests (deploy/README.md, "Runtime"): serial GC, a heap
     * that starts small, the client compiler only, and the AppCDS archive the package built
     * (relative to quarkus-app, the services' working directory).
     */
    static final String DEFAULT_JAVA_OPTS = "-XX:+UseSerialGC -Xms16m -Xmx128m -XX:TieredStopAtLevel=1"
            + " -XX:SharedArchiveFile=app-cds.jsa -XX:+ExitOnOutOfMemoryError";

    private final LaunchOptions options;
    private final Map<String, String> environment;
    private final List<ServiceProcess> services = new ArrayList<>();
    private LocalPostgres database;
    private String databaseUrl;
    private OfflineStub stub;
    private Gateway gateway;
    private boolean closed;
    private volatile boolean stopping;

    /** {@code environment}: the variables the launcher was given (normally {@code System.getenv()}). */
    public LocalStack(LaunchOptions options, Map<String, String> environment) {
        this.options = options;
        this.environment = environment;
    }

    /**
     * Starts everything and waits until every service is ready; on failure stops what was
     * started. A {@link #close()} from another thread (Ctrl-C while starting) stops what is
     * running and keeps anything more from starting.
     */
    public void start(PrintStream out) throws LaunchException, InterruptedException {
        try {
            startAll(out);
        } catch (LaunchException | InterruptedException | RuntimeException e) {
            close();
            throw e;
        }
    }

    private void startAll(PrintStream out) throws LaunchException, InterruptedException {
        checkPrerequisites();
        Map<String, String> env = serviceEnvironment();
        startDatabase(env, out);
        if (options.offline()) {
            startStub(env);
        }
        startServices(env, out);
        startGateway();
    }

    /** Everything that can be refused before anything starts: the builds, the ports, the log folder. */
    private void checkPrerequisites() throws LaunchException {
        for (ServiceSpec spec : options.services()) {
            if (!Files.isRegularFile(spec.runnerJar(options.root()))) {
                throw new LaunchException(spec.runnerJar(options.root()) + " is missing: build first with"
                        + " ./run.sh (it builds what is missing) or ./mvnw -B package -DskipTests.");
            }
        }
        Map<Integer, String> ports = new LinkedHashMap<>();
        ports.put(options.port(), "gateway");
        options.services().forEach(spec -> ports.put(spec.port(), spec.name()));
        Ports.requireFree(ports);
        try {
            Files.createDirectories(options.logDir());
        } catch (IOException e) {
            throw new LaunchException("Cannot create the log folder " + options.logDir() + ": " + e.getMessage(), e);
        }
    }

    private void startDatabase(Map<String, String> env, PrintStream out) throws LaunchException {
        if (present(environment.get("SUBMISSION_DB_URL"))) {
            databaseUrl = environment.get("SUBMISSION_DB_URL");
            out.println("Using the PostgreSQL of SUBMISSION_DB_URL.");
            return;
        }
        Instant begin = Instant.now();
        out.print("Starting the embedded PostgreSQL... ");
        out.flush();
        synchronized (this) {
            ensureOpen();
            Path log = options.logDir().resolve("postgres.log");
            try {
                database = LocalPostgres.start(LocalPostgres.Options.defaults().log(log).stoppedByCaller());
            } catch (IOException | RuntimeException e) {
                throw new LaunchException("The embedded PostgreSQL did not start (" + e.getMessage() + "); see " + log, e);
            }
            databaseUrl = database.url();
        }
        env.put("SUBMISSION_DB_URL", databaseUrl);
        env.put("SUBMISSION_DB_USER", "postgres");
        env.put("SUBMISSION_DB_PASSWORD", "");
        env.put("SUBMISSION_DB_MIGRATE", "true");
        env.put("SUBMISSION_SEED_DEMO", "true");
        out.println("ready on port " + database.port() + " (" + seconds(begin) + ")");
    }

    private void startStub(Map<String, String> env) throws LaunchException {
        try {
            synchronized (this) {
                ensureOpen();
                stub = OfflineStub.start();
            }
        } catch (RuntimeException e) {
            throw new LaunchException("Cannot start the offline DOI stub: " + e.getMessage(), e);
        }
        env.put("REGISTRY_BASEURI", stub.registryBase().toString());
        env.put("OALOOKUP_BASEURI", stub.lookupBase().toString());
        if (!present(environment.get("DOI_SERVICE_MAILTO"))) {
            env.put("DOI_SERVICE_MAILTO", "demo@example.edu");
        }
    }

    /** Starts the three at once (they share the two cores best that way) and waits for each to be ready. */
    private void startServices(Map<String, String> env, PrintStream out) throws LaunchException, InterruptedException {
        Instant begin = Instant.now();
        out.println("Starting " + String.join(", ", options.services().stream().map(ServiceSpec::name).toList())
                + " (logs in " + options.logDir() + ")...");
        List<String> javaOptions = javaOptions();
        for (ServiceSpec spec : options.services()) {
            synchronized (this) {
                ensureOpen();
                services.add(ServiceProcess.start(spec, options.root(), javaOptions, env,
                        options.logDir().resolve(spec.name() + ".log")));
            }
        }
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        Instant deadline = Instant.now().plus(options.readyTimeout());
        for (ServiceProcess service : services) {
            service.awaitReady(http, deadline);
            out.println("  " + service.spec().name() + " ready on port " + service.spec().port() + " (" + seconds(begin) + ")");
        }
    }

    private void startGateway() throws LaunchException {
        Map<String, URI> targets = new HashMap<>();
        options.services().forEach(spec -> targets.put(spec.name(), URI.create("http://127.0.0.1:" + spec.port())));
        try {
            synchronized (this) {
                ensureOpen();
                gateway = Gateway.start(options.host(), options.port(), RouteTable.of(targets));
            }
        } catch (IOException e) {
            throw new LaunchException("The gateway cannot listen on " + options.host() + ":" + options.port()
                    + " (" + e.getMessage() + "); choose another port with --port N.", e);
        }
    }

    private void ensureOpen() throws LaunchException {
        if (closed) {
            throw new LaunchException("Stopped while starting.");
        }
    }

    /** What every service gets: the caller's environment, demo values for what it leaves unset. */
    private Map<String, String> serviceEnvironment() {
        Map<String, String> env = new HashMap<>();
        DEMO_SETTINGS.forEach((name, value) -> {
            if (!present(environment.get(name))) {
                env.put(name, value);
            }
        });
        env.put("QUARKUS_HTTP_HOST", "127.0.0.1");
        env.putIfAbsent("SUBMISSION_DB_POOL_SIZE", "4");
        return env;
    }

    private List<String> javaOptions() {
        String configured = environment.get("SUBMISSION_JAVA_OPTS");
        String value = present(configured) ? configured : DEFAULT_JAVA_OPTS;
        return Arrays.stream(value.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
    }

    private static Map<String, String> demoSettings() {
        Map<String, String> demo = new LinkedHashMap<>();
        demo.put("SUBMISSION_BACKEND_USER", "demo-backend");
        demo.put("SUBMISSION_BACKEND_PASSWORD", "demo-password");
        demo.put("SERVICE_POLICY_INSTITUTION", "example.edu");
        demo.put("SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE", "Example University Open Access Policy");
        demo.put("SERVICE_POLICY_INSTITUTIONAL_REPOSITORY_NAME", "Example Scholarship");
        return Map.copyOf(demo);
    }

    public URI baseUri() {
        return URI.create("http://" + options.publicHost() + ":" + gateway.port());
    }

    /** The backend account user, and the password when it is the demo one (else empty). */
    public String backendUser() {
        return present(environment.get("SUBMISSION_BACKEND_USER"))
                ? environment.get("SUBMISSION_BACKEND_USER") : DEMO_SETTINGS.get("SUBMISSION_BACKEND_USER");
    }

    public Optional<String> demoPassword() {
        return present(environment.get("SUBMISSION_BACKEND_PASSWORD"))
                ? Optional.empty() : Optional.of(DEMO_SETTINGS.get("SUBMISSION_BACKEND_PASSWORD"));
    }

    public String databaseUrl() {
        return databaseUrl;
    }

    public boolean embeddedDatabase() {
        return database != null;
    }

    public LaunchOptions options() {
        return options;
    }

    List<ServiceProcess> services() {
        return services;
    }

    /** True once {@link #close()} was called, even while it is still stopping things. */
    public boolean stopping() {
        return stopping;
    }

    @Override
    public void close() {
        stopping = true;
        stopAll();
    }

    private synchronized void stopAll() {
        if (closed) {
            return;
        }
        closed = true;
        if (gateway != null) {
            gateway.close();
        }
        services.forEach(ServiceProcess::requestStop);
        services.forEach(s -> s.awaitStop(Duration.ofSeconds(20)));
        if (stub != null) {
            stub.close();
        }
        if (database != null) {
            database.close();
        }
    }

    static boolean present(String value) {
        return value != null && !value.isBlank();
    }

    static String seconds(Instant begin) {
        return String.format("%.1f s", Duration.between(begin, Instant.now()).toMillis() / 1000.0);
    }
}
