package org.submission.deploy.images;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.submission.platform.testing.ExternalTool;

/**
 * A service's JVM image, built once per test run by podman from the service's own, unchanged
 * {@code src/main/docker/Dockerfile.jvm}. The base its {@code FROM} names is made available by
 * {@code deploy/containers/stand-in-base.sh} (a stand-in where no registry is reachable, cached on
 * the machine). {@code --format docker} keeps the HEALTHCHECK, which the OCI format drops.
 */
record ServiceImage(String service, int port, String name) {

    /** The class-data archive the image records at build time and its JVM maps at start (deploy/README.md, "Runtime: JVM options, AppCDS, footprint"). */
    static final String CLASS_DATA_ARCHIVE = "/deployments/app-cds.jsa";

    static final List<String> SERVICES = List.of("schema-service", "policy-service", "doi-service");
    private static final Map<String, Integer> PORTS = Map.of("schema-service", 8081, "policy-service", 8082, "doi-service", 8083);
    private static final Map<String, ServiceImage> BUILT = new ConcurrentHashMap<>();

    /**
     * The tag of this checkout's images. Two builds on one machine (two clones) share podman's
     * image names; a tag of each checkout's own keeps one build's tests off the other's images.
     */
    static final String CHECKOUT_TAG = "checkout-" + Integer.toHexString(Podman.ROOT.toString().hashCode());

    /** The image of this service, built at the first call of this test run. */
    static synchronized ServiceImage of(String service) {
        ServiceImage built = BUILT.get(service);
        if (built != null) {
            return built;
        }
        Path dockerfile = Podman.ROOT.resolve(service).resolve("src/main/docker/Dockerfile.jvm");
        standInBase(from(dockerfile));
        String repository = "localhost/submission-test/" + service;
        ServiceImage image = new ServiceImage(service, PORTS.get(service), repository + ":" + CHECKOUT_TAG);
        // :latest as well, for the scripts that measure the last image built (deploy/containers, deploy/bench/pod)
        Podman.run("build", "--pull=never", "--format", "docker", "-f", dockerfile.toString(),
                "-t", image.name(), "-t", repository + ":latest", Podman.ROOT.resolve(service).toString());
        BUILT.put(service, image);
        return image;
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
        List<String> script = List.of("bash", Podman.ROOT.resolve("deploy/containers/stand-in-base.sh").toString(), base);
        Podman.command();   // skips (or fails in CI) where podman is missing
        Podman.Result made = Podman.exec(script, 900);
        // exit status 2: a tool or JDK the stand-in needs is missing here (skipped, or failed in CI)
        ExternalTool.require(made.exitCode() != 2, "no base image " + base + ", and it cannot be made here: " + made.err().trim());
        made.orFail(script);
    }
}
