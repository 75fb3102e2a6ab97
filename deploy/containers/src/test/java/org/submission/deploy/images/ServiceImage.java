package org.submission.deploy.images;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.submission.platform.testing.ExternalTool;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.images.builder.ImageFromDockerfile;

/**
 * A service's JVM image, built once per test run by Testcontainers through podman's socket from
 * the service's own, unchanged {@code src/main/docker/Dockerfile.jvm}. The build context is what
 * that Dockerfile copies, {@code target/quarkus-app}, not the whole service folder (its
 * {@code target} holds the build's other outputs too). The base its {@code FROM} names is made
 * available by {@code deploy/containers/stand-in-base.sh} (a stand-in where no registry is
 * reachable, cached on the machine). A build through the Docker API has the Docker format, which
 * keeps the HEALTHCHECK (the OCI format drops it); unchanged layers come from podman's cache.
 */
record ServiceImage(String service, int port, String name) {

    /** The AOT cache the build trained, which the image's JVM maps at start (deploy/README.md, "Runtime: JVM options, AOT cache, footprint"). */
    static final String CLASS_DATA_ARCHIVE = "/deployments/app.aot";
    /** The JVM's log tags of class data sharing and the AOT cache, padded or joined with others ({@code [aot,codecache]}). */
    static final Pattern CACHE_LOG_TAG = Pattern.compile("\\[(aot|cds)[\\],\\s]");
    /**
     * JDK 25.0.3's lines on the few call adapters it stored under a colliding name and generates again
     * (JDK-8364929, fixed in JDK 26; the image's build lets the same two through).
     */
    static final Pattern ADAPTERS_NOT_LINKED = Pattern.compile("Saved blob's name '[A-Z]*' is different|Failed to link AdapterHandlerEntry");

    static final List<String> SERVICES = List.of("schema-service", "policy-service", "doi-service");
    private static final String DOCKERFILE = "src/main/docker/Dockerfile.jvm";
    private static final Map<String, Integer> PORTS = Map.of("schema-service", 8081, "policy-service", 8082, "doi-service", 8083);
    private static final Map<String, ServiceImage> BUILT = new ConcurrentHashMap<>();
    /** One lock per service, so that the images of different services build at once. */
    private static final Map<String, Object> BUILDING = new ConcurrentHashMap<>();
    /** The base images made available so far; the stand-in script is not run twice at once for one base. */
    private static final Set<String> BASES = new HashSet<>();

    /**
     * The tag of this checkout's images. Two builds on one machine (two clones) share podman's
     * image names; a tag of each checkout's own keeps one build's tests off the other's images.
     */
    static final String CHECKOUT_TAG = "checkout-" + Integer.toHexString(Podman.ROOT.toString().hashCode());

    /** The image of this service, built at the first call of this test run. */
    static ServiceImage of(String service) {
        synchronized (BUILDING.computeIfAbsent(service, s -> new Object())) {
            ServiceImage built = BUILT.get(service);
            if (built != null) {
                return built;
            }
            engine();
            Path folder = Podman.ROOT.resolve(service);
            ExternalTool.require(Files.isRegularFile(folder.resolve("target/quarkus-app/app.aot")),
                    "no AOT cache in " + service + "/target/quarkus-app, which the image copies: the build trains one"
                            + " when SUBMISSION_AOT_JDK names a JDK 25 (or Maven runs on one)");
            standInBase(from(folder.resolve(DOCKERFILE)));
            String repository = "localhost/submission-test/" + service;
            ServiceImage image = new ServiceImage(service, PORTS.get(service), repository + ":" + CHECKOUT_TAG);
            new ImageFromDockerfile(image.name(), false).withDockerfilePath(DOCKERFILE)
                    .withFileFromPath(DOCKERFILE, folder.resolve(DOCKERFILE))
                    .withFileFromPath("target/quarkus-app", folder.resolve("target/quarkus-app")).get();
            // :latest as well, for the scripts that measure the last image built (deploy/containers, deploy/bench/pod)
            DockerClientFactory.instance().client().tagImageCmd(image.name(), repository, "latest").exec();
            BUILT.put(service, image);
            return image;
        }
    }

    /**
     * The images of these services, in their order, those not built yet built at once: one build
     * alone leaves much of the two cores idle (the context sent, layers committed, the cache's
     * check waiting on its JVM).
     */
    static List<ServiceImage> all(List<String> services) {
        engine();
        // threads of their own: the common pool has one thread on two cores
        ExecutorService builders = Executors.newFixedThreadPool(services.size());
        try {
            List<CompletableFuture<ServiceImage>> building = services.stream()
                    .map(service -> CompletableFuture.supplyAsync(() -> of(service), builders)).toList();
            return building.stream().map(CompletableFuture::join).toList();
        } catch (CompletionException e) {
            // unwrapped, so that a missing tool still skips the test rather than failing it
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            if (e.getCause() instanceof Error cause) {
                throw cause;
            }
            throw e;
        } finally {
            builders.shutdown();
        }
    }

    /**
     * Skips the calling test (fails it in CI) unless podman and its Docker-compatible socket, named
     * by {@code DOCKER_HOST}, are there: Testcontainers' engine, which sees podman's images
     * (.ci/run starts the socket; deploy/README.md, "Containers tested here", gives the command).
     */
    static void engine() {
        Podman.command();
        String socket = System.getenv("DOCKER_HOST");
        ExternalTool.require(socket != null && DockerClientFactory.instance().isDockerAvailable(),
                "podman's Docker-compatible socket is not up (DOCKER_HOST=" + socket + "; start it with podman system service"
                        + " as deploy/README.md says)");
    }

    /** The base image a Dockerfile names. */
    private static String from(Path dockerfile) {
        try {
            Matcher from = Pattern.compile("(?m)^FROM\\s+(\\S+)").matcher(Files.readString(dockerfile));
            if (!from.find()) {
                throw new IllegalStateException("no FROM in " + dockerfile);
            }
            return from.group(1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void standInBase(String base) {
        synchronized (BASES) {
            if (!BASES.contains(base)) {
                makeBase(base);
                BASES.add(base);
            }
        }
    }

    private static void makeBase(String base) {
        List<String> script = List.of("bash", Podman.ROOT.resolve("deploy/containers/stand-in-base.sh").toString(), base);
        Podman.Result made = Podman.exec(script, 900);
        // exit status 2: a tool or JDK the stand-in needs is missing here (skipped, or failed in CI)
        ExternalTool.require(made.exitCode() != 2, "no base image " + base + ", and it cannot be made here: " + made.err().trim());
        made.orFail(script);
    }
}
