package org.submission.deploy.containers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.deploy.testing.Project;
import org.submission.localpostgres.PodMemory;

/**
 * The services' JVM options have one place, the pom's {@code service.jvm.options} (a service's
 * pom may set its own): the package writes them to {@code quarkus-app/jvm.options}, which the
 * images, the launcher and the benchmarks run with, and the manifests are generated from them.
 * No other file may carry a heap, GC or compiler option of a service. A JVM outside a pod is told the
 * pod's memory limit in one place for the Java code and one for the benchmarks' bash, both the Deployments'.
 */
class JvmOptionsTest {

    private static final Pattern PROPERTY = Pattern.compile("<service\\.jvm\\.options>([^<]*)</service\\.jvm\\.options>");
    /** The services' own options; a heap size alone may be another JVM's (the launcher's, WireMock's). */
    private static final Pattern OPTION = Pattern.compile("-XX:\\+UseSerialGC|-Xmn[0-9]+[kmg]|-XX:TieredStopAtLevel=[0-9]");

    @ParameterizedTest
    @ValueSource(strings = {"schema-service", "policy-service", "doi-service"})
    void thePackageWritesTheServicesOptionsFromItsPom(String service) throws IOException {
        Path written = Project.ROOT.resolve(service).resolve("target/quarkus-app/jvm.options");

        assertThat(written).as("written by the package before this module's tests").isRegularFile();
        assertThat(read(written).strip()).isEqualTo(options(service));
    }

    @ParameterizedTest
    @ValueSource(strings = {"schema-service", "policy-service", "doi-service"})
    void theGeneratedManifestRunsThePodWithThem(String service) throws IOException {
        String manifest = read(Project.ROOT.resolve(service).resolve("target/kubernetes/kubernetes.yml"));
        Matcher javaOpts = Pattern.compile("- name: JAVA_OPTS\\s+value: (.+(?:\\n\\s+(?!- )\\S.*)*)").matcher(manifest);

        assertThat(javaOpts.find()).as("JAVA_OPTS in %s's manifest", service).isTrue();
        assertThat(javaOpts.group(1).replaceAll("\\s+", " ")).startsWith(options(service) + " ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"schema-service", "policy-service", "doi-service"})
    void theImageChecksItsAotCacheAndRunsWithTheWrittenOptions(String service) throws IOException {
        String dockerfile = read(Project.ROOT.resolve(service).resolve("src/main/docker/Dockerfile.jvm"));

        assertThat(dockerfile).contains("COPY target/quarkus-app/jvm.options /deployments/")
                .contains("java @jvm.options -XX:AOTCache=app.aot -XX:AOTMode=on -jar quarkus-run.jar")
                .contains("exec java @jvm.options $JAVA_OPTS -jar quarkus-run.jar");
    }

    @Test
    void noOtherFileCarriesACopy() throws IOException {
        assertThat(sources()).isNotEmpty().allSatisfy(file -> assertThat(OPTION.matcher(read(file)).find())
                .as("%s names a service's JVM option; it belongs in the pom's service.jvm.options", file).isFalse());
    }

    /** The launcher and the tests' packaged services tell a bare JVM the limit through PodMemory, the benchmarks through common.sh. */
    @Test
    void aBareJvmIsToldTheDeploymentsMemoryLimit() throws IOException {
        List<String> limits = new ArrayList<>();
        for (String service : List.of("schema-service", "policy-service", "doi-service")) {
            Path manifest = Project.ROOT.resolve("deploy/k8s/base").resolve(service + ".yml");
            try (MappingIterator<JsonNode> objects = new YAMLMapper().readerFor(JsonNode.class).readValues(manifest.toFile())) {
                for (JsonNode object : objects.readAll()) {
                    if (object.path("kind").asText().equals("Deployment")) {
                        object.at("/spec/template/spec/containers").forEach(c -> limits.add(c.at("/resources/limits/memory").asText()));
                    }
                }
            }
        }
        assertThat(limits).hasSize(3).containsOnly(PodMemory.LIMIT_MIB + "Mi");
        assertThat(sources()).filteredOn(file -> read(file).contains("-XX:MaxRAM="))
                .containsExactlyInAnyOrder(Project.ROOT.resolve("local-postgres/src/main/java/org/submission/localpostgres/PodMemory.java"),
                        Project.ROOT.resolve("deploy/bench/common.sh"));
        Matcher bench = Pattern.compile("-XX:MaxRAM=\\S+").matcher(read(Project.ROOT.resolve("deploy/bench/common.sh")));
        assertThat(bench.find()).isTrue();
        assertThat(bench.group()).isEqualTo(PodMemory.MAX_RAM_OPTION);
    }

    /** The scripts, sources, properties files and Dockerfiles, but for ./run.sh (the launcher's own options) and this test. */
    private static List<Path> sources() throws IOException {
        try (Stream<Path> files = Files.walk(Project.ROOT)) {
            return files.filter(Files::isRegularFile)
                    .filter(file -> Stream.of("target", ".git", "node_modules", ".local").noneMatch(file.toString()::contains))
                    .filter(file -> file.getFileName().toString().matches(".*\\.(sh|java|properties|lua)|Dockerfile.*"))
                    .filter(file -> !file.equals(Project.ROOT.resolve("run.sh")))
                    .filter(file -> !file.getFileName().toString().equals("JvmOptionsTest.java"))
                    .toList();
        }
    }

    /** The service's own service.jvm.options, else the parent pom's. */
    private static String options(String service) throws IOException {
        for (Path pom : List.of(Project.ROOT.resolve(service).resolve("pom.xml"), Project.ROOT.resolve("pom.xml"))) {
            Matcher property = PROPERTY.matcher(read(pom));
            if (property.find()) {
                return property.group(1).strip();
            }
        }
        throw new AssertionError("no service.jvm.options in the poms");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
