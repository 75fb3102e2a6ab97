package org.submission.deploy.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.submission.deploy.testing.Project;

/** Each check finds what it is for: the rendered base, broken in one way at a time. */
class ManifestChecksTest {

    static Stream<Arguments> breakages() {
        return Stream.of(
                Arguments.of("ingress path to a missing Service", (Consumer<List<Map<String, Object>>>) objects ->
                        firstIngressBackend(objects).put("name", "no-such-service"), "no Service no-such-service"),
                Arguments.of("ingress path to a missing port", (Consumer<List<Map<String, Object>>>) objects ->
                        firstIngressBackend(objects).put("port", Map.of("name", "grpc")), "has no port"),
                Arguments.of("Service selecting no pods", (Consumer<List<Map<String, Object>>>) objects ->
                        Yaml.map(Yaml.at(find(objects, "Service", "schema-service"), "spec"), "spec")
                                .put("selector", Map.of("app.kubernetes.io/name", "nobody")), "selects no workload"),
                Arguments.of("no readiness probe", (Consumer<List<Map<String, Object>>>) objects ->
                        container(objects, "doi-service").remove("readinessProbe"), "no HTTP readinessProbe"),
                Arguments.of("no memory limit", (Consumer<List<Map<String, Object>>>) objects ->
                        Yaml.map(Yaml.at(container(objects, "policy-service"), "resources", "limits"), "limits").remove("memory"),
                        "no limits.memory"),
                Arguments.of("running as root allowed", (Consumer<List<Map<String, Object>>>) objects ->
                        Yaml.map(Yaml.at(find(objects, "Deployment", "schema-service"), "spec", "template", "spec"), "spec")
                                .remove("securityContext"), "not declared runAsNonRoot"),
                Arguments.of("undocumented ConfigMap key", (Consumer<List<Map<String, Object>>>) objects ->
                        Yaml.map(find(objects, "ConfigMap", "submission-config").get("data"), "data").put("UNDOCUMENTED_KEY", "x"),
                        "the key UNDOCUMENTED_KEY is not documented"),
                Arguments.of("undocumented Secret key", (Consumer<List<Map<String, Object>>>) objects ->
                        Yaml.map(Yaml.list(container(objects, "doi-service").get("env"), "env").stream()
                                .map(env -> Yaml.at(env, "valueFrom", "secretKeyRef")).filter(ref -> ref != null)
                                .findFirst().orElseThrow(), "ref").put("key", "undocumented-key"),
                        "the key undocumented-key is not documented"),
                Arguments.of("ConfigMap read but missing", (Consumer<List<Map<String, Object>>>) objects ->
                        objects.remove(find(objects, "ConfigMap", "submission-config")), "which is not in the manifests"),
                Arguments.of("whole Secret read", (Consumer<List<Map<String, Object>>>) objects ->
                        Yaml.list(container(objects, "doi-service").get("envFrom"), "envFrom")
                                .add(Map.of("secretRef", Map.of("name", "submission-secrets"))), "read secrets by key"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breakages")
    void brokenManifestIsReported(String what, Consumer<List<Map<String, Object>>> breakage, String problem)
            throws IOException {
        List<Map<String, Object>> objects = Kustomize.render(Project.ROOT.resolve("deploy/k8s/base"));
        breakage.accept(objects);

        assertThat(ManifestChecks.problems(objects, Files.readString(Project.ROOT.resolve("deploy/README.md"),
                StandardCharsets.UTF_8))).anySatisfy(p -> assertThat(p).contains(problem));
    }

    private static Map<String, Object> find(List<Map<String, Object>> objects, String kind, String name) {
        return objects.stream().filter(o -> kind.equals(Kustomize.kind(o)) && name.equals(Kustomize.name(o)))
                .findFirst().orElseThrow();
    }

    private static Map<String, Object> container(List<Map<String, Object>> objects, String deployment) {
        return Yaml.map(Yaml.list(Yaml.at(find(objects, "Deployment", deployment), "spec", "template", "spec", "containers"),
                "containers").get(0), "container");
    }

    private static Map<String, Object> firstIngressBackend(List<Map<String, Object>> objects) {
        Object rule = Yaml.list(Yaml.at(find(objects, "Ingress", "submission-services"), "spec", "rules"), "rules").get(0);
        return Yaml.map(Yaml.at(Yaml.list(Yaml.at(rule, "http", "paths"), "paths").get(0), "backend", "service"), "service");
    }
}
