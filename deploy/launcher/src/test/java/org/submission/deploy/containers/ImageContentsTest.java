package org.submission.deploy.containers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.deploy.testing.Project;
import org.submission.platform.testing.ExternalTool;

/**
 * What the container images are made of, checked without a Docker engine: the aot-jar layout
 * the JVM image copies (packaged by the reactor before this module: missing, the tests fail), and Dockerfiles that copy only what exists, run as a numeric non-root
 * user on the service's port and declare a health check.
 */
class ImageContentsTest {

    private static final List<String> SERVICES = List.of("schema-service", "policy-service", "doi-service");

    static Stream<Arguments> dockerfiles() {
        return SERVICES.stream().flatMap(s -> Stream.of(Arguments.of(s, "Dockerfile.jvm"), Arguments.of(s, "Dockerfile.native")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"schema-service", "policy-service", "doi-service"})
    void packageBuildsTheAotJarLayoutTheJvmImageCopies(String service) throws IOException {
        Path app = Project.ROOT.resolve(service).resolve("target/quarkus-app");
        assertThat(app).as("packaged by the reactor before this module").isDirectory();

        try (JarFile runner = new JarFile(app.resolve("quarkus-run.jar").toFile())) {
            assertThat(runner.getManifest().getMainAttributes().getValue("Main-Class"))
                    .isEqualTo("io.quarkus.bootstrap.runner.AotQuarkusEntryPoint");
            assertThat(runner.getManifest().getMainAttributes().getValue("Class-Path"))
                    .as("the JVM's own class path: archived classes are not read from the jars")
                    .contains("lib/main/", "app/" + service);
        }
        assertThat(list(app.resolve("lib/boot"))).isNotEmpty();
        assertThat(list(app.resolve("lib/main"))).anyMatch(name -> name.contains("shared-model"))
                .anyMatch(name -> name.contains("service-platform"));
        assertThat(list(app.resolve("app"))).anyMatch(name -> name.startsWith(service) && name.endsWith(".jar"));
        assertThat(app.resolve("quarkus/quarkus-application.dat")).isRegularFile();
    }

    /** The embedded PostgreSQL serves dev mode and the tests only: a provided dependency, never packaged. */
    @ParameterizedTest
    @ValueSource(strings = {"schema-service", "policy-service", "doi-service"})
    void packageCarriesNoEmbeddedDatabase(String service) throws IOException {
        Path app = Project.ROOT.resolve(service).resolve("target/quarkus-app");

        assertThat(list(app.resolve("lib/main"))).isNotEmpty()
                .noneMatch(name -> name.contains("local-postgres") || name.startsWith("io.zonky."));
    }

    @ParameterizedTest
    @ValueSource(strings = {"schema-service", "policy-service", "doi-service"})
    void packageCarriesTheAotCacheItsIntegrationTestsTrained(String service) throws IOException {
        Path app = Project.ROOT.resolve(service).resolve("target/quarkus-app");
        ExternalTool.require(Files.isRegularFile(app.resolve("app.aot")), "no AOT cache in " + service
                + "/target/quarkus-app: the build trains one when SUBMISSION_AOT_JDK names a JDK 25 (or Maven runs on one)");

        assertThat(Files.size(app.resolve("app.aot"))).as("assembled after the integration tests").isGreaterThan(1 << 20);
        try (Stream<Path> files = Files.list(app)) {
            assertThat(files.map(file -> file.getFileName().toString())).as("the recordings, removed once assembled")
                    .noneMatch(name -> name.endsWith(".aotconf"));
        }
    }

    /**
     * The AOT cache refuses a jar whose time differs, and an image's cached layer of unchanged jars keeps the
     * times of the build that made it: every packaged file has the pom's one time (package.file.time).
     */
    @ParameterizedTest
    @ValueSource(strings = {"schema-service", "policy-service", "doi-service"})
    void everyPackagedFileHasOneFixedTime(String service) throws IOException {
        Matcher property = Pattern.compile("<package\\.file\\.time>([0-9]+)</package\\.file\\.time>")
                .matcher(Files.readString(Project.ROOT.resolve("pom.xml"), StandardCharsets.UTF_8));
        assertThat(property.find()).as("package.file.time in the parent pom").isTrue();
        Path app = Project.ROOT.resolve(service).resolve("target/quarkus-app");
        try (Stream<Path> files = Files.walk(app)) {
            assertThat(files.filter(Files::isRegularFile).filter(file -> !file.getFileName().toString().equals("app.aot")))
                    .isNotEmpty().allSatisfy(file -> assertThat(Files.getLastModifiedTime(file).toMillis())
                            .as("%s's time", app.relativize(file)).isEqualTo(Long.parseLong(property.group(1))));
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("dockerfiles")
    void dockerfileRunsAsNonRootOnTheServicePortWithAHealthCheck(String service, String dockerfile) throws IOException {
        String text = Files.readString(Project.ROOT.resolve(service).resolve("src/main/docker").resolve(dockerfile),
                StandardCharsets.UTF_8);

        assertThat(instruction(text, "USER")).matches("[1-9][0-9]*");
        assertThat(instruction(text, "EXPOSE")).isEqualTo(port(service));
        assertThat(instruction(text, "HEALTHCHECK")).contains("/q/health/live").contains(port(service));
        assertThat(instruction(text, "FROM")).doesNotContain("/");
    }

    @ParameterizedTest
    @ValueSource(strings = {"schema-service", "policy-service", "doi-service"})
    void jvmDockerfileCopiesOnlyWhatPackageBuilds(String service) throws IOException {
        Path dir = Project.ROOT.resolve(service);
        assertThat(dir.resolve("target/quarkus-app")).as("packaged by the reactor before this module").isDirectory();
        String text = Files.readString(dir.resolve("src/main/docker/Dockerfile.jvm"), StandardCharsets.UTF_8);

        Matcher copy = Pattern.compile("(?m)^COPY\\s+(?:--\\S+\\s+)*(\\S+)\\s+\\S+$").matcher(text);
        int copies = 0;
        while (copy.find()) {
            // the cache is there only when a JDK 25 trained it (the test above)
            if (!copy.group(1).endsWith("/app.aot")) {
                assertThat(dir.resolve(copy.group(1))).as("COPY source of %s", service).exists();
            }
            copies++;
        }
        assertThat(copies).isEqualTo(6);
    }

    /** The same non-root user for Jib as in the Dockerfiles and the Kubernetes security context. */
    @ParameterizedTest
    @ValueSource(strings = {"quarkus.jib.user", "quarkus.kubernetes.security-context.run-as-user"})
    void jibAndKubernetesUseTheDockerfilesUser(String property) throws IOException {
        Properties shared = new Properties();
        try (InputStream in = Files.newInputStream(Project.ROOT.resolve(
                "service-platform/src/main/resources/META-INF/microprofile-config.properties"))) {
            shared.load(in);
        }
        String text = Files.readString(Project.ROOT.resolve("schema-service/src/main/docker/Dockerfile.jvm"), StandardCharsets.UTF_8);

        assertThat(shared.getProperty(property)).isEqualTo(instruction(text, "USER"));
    }

    private static String instruction(String dockerfile, String name) {
        Matcher matcher = Pattern.compile("(?m)^" + name + "\\s+((?:.*\\\\\\n)*.*)$").matcher(dockerfile);
        assertThat(matcher.find()).as("%s instruction", name).isTrue();
        return matcher.group(1).strip();
    }

    private static String port(String service) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(Project.ROOT.resolve(service).resolve("src/main/resources/application.properties"))) {
            properties.load(in);
        }
        return properties.getProperty("quarkus.http.port");
    }

    private static List<String> list(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }
}
