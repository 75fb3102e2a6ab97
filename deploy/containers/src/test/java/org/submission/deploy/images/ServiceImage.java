package org.submission.deploy.images;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Assumptions;
import org.submission.platform.testing.ExternalTool;

/**
 * A service's JVM image, built once per test run by podman from the service's own, unchanged
 * {@code src/main/docker/Dockerfile.jvm}. Its base ({@code FROM eclipse-temurin:21-jre}) is made
 * available by {@code deploy/containers/stand-in-base.sh} (a stand-in from Debian's packages
 * where no registry is reachable, cached on the machine). {@code --format docker} keeps the
 * HEALTHCHECK, which the OCI format drops.
 */
record ServiceImage(String service, int port, String name) {

    static final List<String> SERVICES = List.of("schema-service", "policy-service", "doi-service");
    private static final Map<String, Integer> PORTS = Map.of("schema-service", 8081, "policy-service", 8082, "doi-service", 8083);
    private static final Map<String, ServiceImage> BUILT = new ConcurrentHashMap<>();

    /** The image of this service, built at the first call of this test run. */
    static synchronized ServiceImage of(String service) {
        ServiceImage built = BUILT.get(service);
        if (built != null) {
            return built;
        }
        standInBase();
        ServiceImage image = new ServiceImage(service, PORTS.get(service), "localhost/submission-test/" + service + ":latest");
        Podman.run("build", "--pull=never", "--format", "docker", "-f",
                Podman.ROOT.resolve(service).resolve("src/main/docker/Dockerfile.jvm").toString(),
                "-t", image.name(), Podman.ROOT.resolve(service).toString());
        BUILT.put(service, image);
        return image;
    }

    private static void standInBase() {
        List<String> script = List.of("bash", Podman.ROOT.resolve("deploy/containers/stand-in-base.sh").toString());
        Podman.command();   // skips (or fails in CI) where podman is missing
        Podman.Result made = Podman.exec(script, 900);
        if (made.exitCode() == 2 && !Boolean.parseBoolean(System.getenv(ExternalTool.REQUIRED_VARIABLE))) {
            Assumptions.abort("no base image for the Dockerfiles, and it cannot be made here: " + made.err().trim() + ": skipped");
        }
        made.orFail(script);
    }
}
