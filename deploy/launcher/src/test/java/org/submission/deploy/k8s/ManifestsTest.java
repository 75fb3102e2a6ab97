package org.submission.deploy.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.submission.deploy.gateway.RouteTable;
import org.submission.deploy.testing.Project;

/** The committed kustomize base and overlays, rendered offline and checked. */
class ManifestsTest {

    static List<Path> kustomizations() throws IOException {
        return ManifestTool.kustomizations(Project.ROOT);
    }

    @ParameterizedTest
    @MethodSource("kustomizations")
    void rendersWithoutProblems(Path dir) throws IOException {
        String readme = Files.readString(Project.ROOT.resolve("deploy/README.md"), StandardCharsets.UTF_8);

        assertThat(ManifestChecks.problems(Kustomize.render(dir), readme)).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("kustomizations")
    void everyServiceHasADeploymentAndAService(Path dir) throws IOException {
        List<Map<String, Object>> objects = Kustomize.render(dir);

        for (String kind : List.of("Deployment", "Service")) {
            assertThat(objects).filteredOn(o -> kind.equals(Kustomize.kind(o))).extracting(Kustomize::name)
                    .containsExactlyInAnyOrderElementsOf(GeneratedManifests.SERVICES);
        }
    }

    @ParameterizedTest
    @MethodSource("kustomizations")
    void ingressRoutesAreTheGatewaysRoutes(Path dir) throws IOException {
        Map<String, String> routes = new LinkedHashMap<>();
        for (Map<String, Object> ingress : of(Kustomize.render(dir), "Ingress")) {
            for (Object rule : Yaml.list(Yaml.at(ingress, "spec", "rules"), "rules")) {
                for (Object path : Yaml.list(Yaml.at(rule, "http", "paths"), "paths")) {
                    routes.put(String.valueOf(Yaml.at(path, "path")), String.valueOf(Yaml.at(path, "backend", "service", "name")));
                    assertThat(Yaml.at(path, "pathType")).isEqualTo("Prefix");
                }
            }
        }

        Map<String, String> gateway = new LinkedHashMap<>();
        RouteTable.PREFIXES.forEach(e -> gateway.put(e.getKey(), e.getValue()));
        assertThat(routes).containsExactlyEntriesOf(gateway);
    }

    @Test
    void productionRunsAtLeastTwoReplicasOfEveryService() throws IOException {
        assertThat(of(Kustomize.render(production()), "Deployment"))
                .allSatisfy(d -> assertThat((Integer) Yaml.at(d, "spec", "replicas")).isGreaterThanOrEqualTo(2));
    }

    @Test
    void productionTakesTheDatabaseConnectionFromASecret() throws IOException {
        for (Map<String, Object> deployment : of(Kustomize.render(production()), "Deployment")) {
            Map<String, Object> container = Yaml.map(
                    Yaml.list(Yaml.at(deployment, "spec", "template", "spec", "containers"), "containers").get(0), "container");
            Map<String, String> fromSecret = new LinkedHashMap<>();
            for (Object env : Yaml.list(container.get("env"), "env")) {
                if (String.valueOf(Yaml.at(env, "name")).startsWith("SUBMISSION_DB_")) {
                    fromSecret.put(String.valueOf(Yaml.at(env, "name")),
                            Yaml.at(env, "valueFrom", "secretKeyRef", "name") + "/" + Yaml.at(env, "valueFrom", "secretKeyRef", "key"));
                }
            }
            assertThat(fromSecret).as(Kustomize.name(deployment)).containsExactlyInAnyOrderEntriesOf(Map.of(
                    "SUBMISSION_DB_URL", "submission-db/url",
                    "SUBMISSION_DB_USER", "submission-db/username",
                    "SUBMISSION_DB_PASSWORD", "submission-db/password"));
        }
    }

    @Test
    void committedBaseManifestsAreWhatTheBuildGenerates() throws IOException {
        for (String service : GeneratedManifests.SERVICES) {
            assumeTrue(Files.isRegularFile(GeneratedManifests.generated(Project.ROOT, service)),
                    "the services are not packaged: nothing generated to compare with");
        }

        assertThat(GeneratedManifests.outOfDate(Project.ROOT))
                .as("run: java -jar deploy/launcher/target/submission-launcher.jar sync-manifests").isEmpty();
    }

    /** Where kubectl is installed, it must render exactly the objects this renderer renders. */
    @ParameterizedTest
    @MethodSource("kustomizations")
    void kubectlRendersTheSameObjects(Path dir) throws Exception {
        assumeTrue(kubectl(), "kubectl is not installed");
        Process process = new ProcessBuilder("kubectl", "kustomize", dir.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String rendered = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isZero();

        assertThat(new ArrayList<Object>(Kustomize.render(dir))).isEqualTo(Yaml.documents(rendered));
    }

    static boolean kubectl() {
        try {
            Process process = new ProcessBuilder("kubectl", "version", "--client").redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private static Path production() {
        return Project.ROOT.resolve("deploy/k8s/overlays/production");
    }

    private static List<Map<String, Object>> of(List<Map<String, Object>> objects, String kind) {
        return objects.stream().filter(o -> kind.equals(Kustomize.kind(o))).toList();
    }
}
