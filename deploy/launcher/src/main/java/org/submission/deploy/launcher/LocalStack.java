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
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.submission.deploy.gateway.Gateway;
import org.submission.deploy.gateway.RouteTable;
import org.submission.localpostgres.LocalPostgres;
import org.submission.localpostgres.PodMemory;

/**
 * The running local stack: one embedded PostgreSQL (unless SUBMISSION_DB_URL names one), the
 * optional offline stub, the three services as child processes and the gateway in this JVM.
 * {@link #close()} stops all of it, services first, and may be called from a shutdown hook.
 */
public final class LocalStack implements AutoCloseable {

    /** Demo values, used for any of these variables the caller's environment does not set. */
    static final Map<String, String> DEMO_SETTINGS = Map.of(
            "SUBMISSION_BACKEND_USER", "demo-backend",
            "SUBMISSION_BACKEND_PASSWORD", "demo-password",
            "SERVICE_POLICY_INSTITUTION", "example.edu",
            "SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE", "Example University Open Access Policy",
            "SERVICE_POLICY_INSTITUTIONAL_REPOSITORY_NAME", "Example Scholarship");

    private static final String TRUSTED_PROXIES = "SUBMISSION_HTTP_TRUSTED_PROXIES";

    /**
     * The policy rules the demo data is decided by: the catalogue (a version-2 rules file, policy-service/README.md,
     * "Rules"), whose records the demo data holds, so that each of its date anchors has a demo submission decided by it.
     */
    static final String DEMO_RULES = "deploy/policies/catalogue.yaml";

    /**
     * The options of the images and manifests (deploy/README.md, "Runtime: JVM options, AOT cache, footprint"): the service's
     * {@code jvm.options}, which the package writes from the pom's {@code service.jvm.options}, relative
     * to quarkus-app, the services' working directory. Not the images' AOT cache: it serves only the
     * JDK 25 build that trained it, and the launcher runs the services on its own JVM, a JDK 17 as often
     * as not (SUBMISSION_JAVA_OPTS can add it). The heap is a share of the memory the JVM sees
     * (MaxRAMPercentage); a bare JVM is told the pod's limit ({@link PodMemory}), so that it runs with
     * the heap it has in a pod.
     */
    static final String DEFAULT_JAVA_OPTS = "@jvm.options " + PodMemory.MAX_RAM_OPTION;

    /**
     * With replicas, each keeps serving this long after SIGTERM with its readiness down, as the
     * manifests' QUARKUS_SHUTDOWN_DELAY has a pod do while it leaves the Service's endpoints: three
     * of the gateway's readiness checks, so that the gateway takes it out of the turn before it
     * answers any request 503.
     */
    static final Duration REPLICA_SHUTDOWN_DELAY = Gateway.READINESS_PERIOD.multipliedBy(3);

    private final LaunchOptions options;
    private final Map<String, String> environment;
    private final List<ServiceProcess> services = new ArrayList<>();
    private Map<String, String> serviceEnv;
    private List<String> javaOptions;
    private LocalPostgres database;
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
            checkPrerequisites();
            Map<String, String> env = serviceEnvironment();
            startDatabase(env, out);
            if (options.offline()) {
                startStub(env);
            }
            startServices(env, out);
            startGateway();
        } catch (LaunchException | InterruptedException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Everything that can be refused before anything starts: the builds, the ports, the log folder. */
    private void checkPrerequisites() throws LaunchException {
        for (ServiceSpec spec : options.services()) {
            if (!Files.isRegularFile(spec.runnerJar(options.root()))) {
                throw new LaunchException(spec.runnerJar(options.root()) + " is missing: build first with"
                        + " ./run.sh (it builds what is missing) or ./mvnw -B package -DskipTests.");
            }
        }
        Map<Integer, String> ports = new LinkedHashMap<>(Map.of(options.port(), "gateway"));
        options.services().forEach(spec -> ports.put(spec.port(), spec.id()));
        Ports.requireFree(ports);
        try {
            Files.createDirectories(options.logDir());
        } catch (IOException e) {
            throw new LaunchException("Cannot create the log folder " + options.logDir() + ": " + e.getMessage(), e);
        }
    }

    private void startDatabase(Map<String, String> env, PrintStream out) throws LaunchException {
        if (setting("SUBMISSION_DB_URL").isPresent()) {
            out.println("Using the PostgreSQL of SUBMISSION_DB_URL.");
            return;
        }
        Instant begin = Instant.now();
        out.print("Starting the embedded PostgreSQL... ");
        out.flush();
        Path log = options.logDir().resolve("postgres.log");
        database = unlessClosed(() -> LocalPostgres.start(LocalPostgres.Options.defaults().log(log).stoppedByCaller()),
                e -> "The embedded PostgreSQL did not start (" + e.getMessage() + "); see " + log);
        env.putAll(Map.of("SUBMISSION_DB_URL", database.url(), "SUBMISSION_DB_USER", "postgres",
                "SUBMISSION_DB_PASSWORD", "", "SUBMISSION_DB_MIGRATE", "true", "SUBMISSION_SEED_DEMO", "true"));
        // the catalogue's rules name the demo data's policies: only with the database that holds them
        if (setting("POLICY_RULES_FILE").isEmpty()) {
            env.put("POLICY_RULES_FILE", options.root().resolve(DEMO_RULES).toAbsolutePath().toString());
        }
        out.println("ready on port " + database.port() + " (" + seconds(begin) + ")");
    }

    private void startStub(Map<String, String> env) throws LaunchException {
        stub = unlessClosed(OfflineStub::start, e -> "Cannot start the offline DOI stub: " + e.getMessage());
        env.put("REGISTRY_BASEURI", stub.registryBase().toString());
        env.put("OALOOKUP_BASEURI", stub.lookupBase().toString());
        if (setting("DOI_SERVICE_MAILTO").isEmpty()) {
            env.put("DOI_SERVICE_MAILTO", "demo@example.edu");
        }
    }

    /** Starts the three at once (they share the two cores best that way) and waits for each to be ready. */
    private void startServices(Map<String, String> env, PrintStream out) throws LaunchException, InterruptedException {
        Instant begin = Instant.now();
        out.println("Starting " + String.join(", ", options.services().stream().map(ServiceSpec::id).toList())
                + " (logs in " + options.logDir() + ")...");
        javaOptions = Arrays.stream(setting("SUBMISSION_JAVA_OPTS").orElse(DEFAULT_JAVA_OPTS).trim()
                .split("\\s+")).filter(s -> !s.isEmpty()).toList();
        serviceEnv = Map.copyOf(env);
        for (ServiceSpec spec : options.services()) {
            services.add(unlessClosed(() -> startReplica(spec, options.logDir().resolve(spec.id() + ".log")),
                    e -> "Cannot start " + spec.id() + ": " + e.getMessage()));
        }
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        Instant deadline = Instant.now().plus(options.readyTimeout());
        for (ServiceProcess service : services) {
            service.awaitReady(http, deadline);
            out.println("  " + service.spec().id() + " ready on port " + service.spec().port() + " (" + seconds(begin) + ")");
        }
    }

    private void startGateway() throws LaunchException {
        Map<String, List<URI>> targets = options.services().stream().collect(Collectors.groupingBy(ServiceSpec::name,
                Collectors.mapping(spec -> URI.create("http://127.0.0.1:" + spec.port()), Collectors.toList())));
        gateway = unlessClosed(() -> Gateway.start(options.host(), options.port(), RouteTable.ofReplicas(targets)),
                e -> "The gateway cannot listen on " + options.host() + ":" + options.port() + " (" + e.getMessage()
                        + "); choose another port with --port N.");
    }

    /**
     * Starts one part under the stack's lock, so that a {@link #close()} either stops it or comes first and
     * refuses it; {@code failure} words why it did not start for the person at the terminal.
     */
    private synchronized <T> T unlessClosed(Callable<T> part, Function<Exception, String> failure) throws LaunchException {
        if (closed) {
            throw new LaunchException("Stopped while starting.");
        }
        try {
            return part.call();
        } catch (Exception e) {
            throw new LaunchException(failure.apply(e), e);
        }
    }

    /** What every service gets: the caller's environment, demo values for what it leaves unset. */
    private Map<String, String> serviceEnvironment() {
        Map<String, String> env = new HashMap<>(Map.of("QUARKUS_HTTP_HOST", "127.0.0.1", "SUBMISSION_DB_POOL_SIZE", "4"));
        DEMO_SETTINGS.keySet().stream().filter(name -> setting(name).isEmpty())
                .forEach(name -> env.put(name, DEMO_SETTINGS.get(name)));
        if (options.replicas() > 1 && setting("QUARKUS_SHUTDOWN_DELAY").isEmpty()) {
            env.put("QUARKUS_SHUTDOWN_DELAY", REPLICA_SHUTDOWN_DELAY.toMillis() + "ms");
        }
        // the gateway is the services' one proxy, from an address of its own: its X-Forwarded-For names
        // the client whose failed authentications are slowed; a local caller that writes one is not believed
        Gateway.SOURCE_ADDRESS.filter(address -> setting(TRUSTED_PROXIES).isEmpty())
                .ifPresent(address -> env.put(TRUSTED_PROXIES, address + "/32"));
        // the policy service's compliance answer asks the local DOI service, as the backend account
        options.services().stream().filter(spec -> spec.name().equals("doi-service")).findFirst()
                .filter(doi -> setting("POLICY_DOI_URL").isEmpty())
                .ifPresent(doi -> env.putAll(Map.of("POLICY_DOI_URL", "http://127.0.0.1:" + doi.port(),
                        "POLICY_DOI_USER", setting("SUBMISSION_BACKEND_USER").orElse(DEMO_SETTINGS.get("SUBMISSION_BACKEND_USER")),
                        "POLICY_DOI_PASSWORD", setting("SUBMISSION_BACKEND_PASSWORD").orElse(DEMO_SETTINGS.get("SUBMISSION_BACKEND_PASSWORD")))));
        return env;
    }

    /** A variable of the caller's environment, when set and not blank. */
    private Optional<String> setting(String name) {
        return Optional.ofNullable(environment.get(name)).filter(value -> !value.isBlank());
    }

    /** One replica of {@code spec}, started with the stack's JVM options and environment, its output in {@code log}. */
    ServiceProcess startReplica(ServiceSpec spec, Path log) throws IOException {
        return ServiceProcess.start(spec, options.root(), javaOptions, serviceEnv, log);
    }

    public URI baseUri() {
        return URI.create("http://" + options.publicHost() + ":" + gateway.port());
    }

    /** The backend account user, and the password when it is the demo one (else empty). */
    public String backendUser() {
        return setting("SUBMISSION_BACKEND_USER").orElse(DEMO_SETTINGS.get("SUBMISSION_BACKEND_USER"));
    }

    public Optional<String> demoPassword() {
        return Optional.of(DEMO_SETTINGS.get("SUBMISSION_BACKEND_PASSWORD"))
                .filter(demo -> setting("SUBMISSION_BACKEND_PASSWORD").isEmpty());
    }

    public String databaseUrl() {
        return database != null ? database.url() : environment.get("SUBMISSION_DB_URL");
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

    /** The stand-in for the DOI service's upstreams, when started with {@code --offline}. */
    Optional<OfflineStub> offlineStub() {
        return Optional.ofNullable(stub);
    }

    /** True once {@link #close()} was called, even while it is still stopping things. */
    public boolean stopping() {
        return stopping;
    }

    @Override
    public void close() {
        stopping = true;
        synchronized (this) {
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
    }

    static String seconds(Instant begin) {
        return String.format("%.1f s", Duration.between(begin, Instant.now()).toMillis() / 1000.0);
    }
}
