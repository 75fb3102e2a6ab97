package org.submission.deploy.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.submission.deploy.testing.Project;

/** The renderer on a fixture that uses every supported kustomize feature once. */
class KustomizeTest {

    private static final Path FIXTURE = Project.ROOT.resolve("deploy/launcher/src/test/resources/kustomize/overlay");

    @Test
    void generatorsReadEnvFilesVerbatimAndMergeLiterals() throws IOException {
        Map<String, Object> settings = find(Kustomize.render(FIXTURE), "ConfigMap", "settings");

        assertThat(settings.get("data")).isEqualTo(Map.of("TITLE", "Changed", "QUERY", "a=b&c=d", "INDENTED", "kept",
                "HASH", "value # not a comment", "ADDED", "yes"));
        assertThat(Yaml.at(find(Kustomize.render(FIXTURE), "Secret", "credentials"), "data", "password")).isEqualTo("czNjcmV0");
    }

    @Test
    void patchesTransformersAndNamespaceApply() throws IOException {
        List<Map<String, Object>> objects = Kustomize.render(FIXTURE);
        Map<String, Object> deployment = find(objects, "Deployment", "app");
        List<Object> containers = Yaml.list(Yaml.at(deployment, "spec", "template", "spec", "containers"), "containers");

        assertThat(Yaml.list(Yaml.at(containers.get(0), "env"), "env")).extracting(e -> Yaml.at(e, "name") + "=" + Yaml.at(e, "value"))
                .containsExactly("NEW=new", "SECOND=changed", "FIRST=1", "THIRD=3", "APPENDED=4");
        assertThat(containers).extracting(c -> Yaml.at(c, "image"))
                .containsExactly("mirror.example.org/app:2.0", "registry.example.org/team/sidecar:latest");
        assertThat(Yaml.at(deployment, "spec", "replicas")).isEqualTo(3);
        assertThat(Yaml.at(deployment, "metadata", "labels")).isEqualTo(Map.of());
        assertThat(objects).allSatisfy(o -> assertThat(Yaml.at(o, "metadata", "namespace")).isEqualTo("features"));
        assertThat(objects).extracting(Kustomize::kind).containsExactly("ConfigMap", "Secret", "Service", "Deployment");
    }

    @Test
    void kubectlRendersTheFixtureIdentically() throws Exception {
        assumeTrue(ManifestsTest.kubectl(), "kubectl is not installed");
        Process process = new ProcessBuilder("kubectl", "kustomize", FIXTURE.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String rendered = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(new ArrayList<Object>(Kustomize.render(FIXTURE))).isEqualTo(Yaml.documents(rendered));
    }

    @Test
    void unsupportedFieldIsRefusedRatherThanIgnored(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("kustomization.yaml"), "resources: []\ncommonLabels:\n  a: b\n");

        assertThatThrownBy(() -> Kustomize.render(dir)).hasMessageContaining("the field commonLabels is not supported");
    }

    @Test
    void generatedNameWithHashSuffixIsRefused(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("kustomization.yaml"), "configMapGenerator:\n  - name: x\n    literals: [a=b]\n");

        assertThatThrownBy(() -> Kustomize.render(dir)).hasMessageContaining("disableNameSuffixHash");
    }

    @Test
    void renderedYamlReadsBackAsTheSameObjects() throws IOException {
        List<Map<String, Object>> objects = Kustomize.render(FIXTURE);

        assertThat(Yaml.documents(Yaml.dump(objects))).isEqualTo(new ArrayList<Object>(objects));
    }

    private static Map<String, Object> find(List<Map<String, Object>> objects, String kind, String name) {
        return objects.stream().filter(o -> kind.equals(Kustomize.kind(o)) && name.equals(Kustomize.name(o)))
                .findFirst().orElseThrow();
    }
}
