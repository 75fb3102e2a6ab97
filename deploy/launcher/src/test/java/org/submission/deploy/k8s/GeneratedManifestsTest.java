package org.submission.deploy.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.deploy.testing.Project;

/**
 * The per-service manifests of the base are copies of what quarkus-kubernetes writes at package
 * time, so that {@code kubectl kustomize} works on a fresh clone; the copies must not drift. The
 * reactor packages the services before this module, so a missing generated file is a failure.
 */
class GeneratedManifestsTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @ParameterizedTest
    @ValueSource(strings = {"schema-service", "policy-service", "doi-service"})
    void committedBaseManifestIsWhatTheBuildGenerates(String service) throws IOException {
        Path generated = Project.ROOT.resolve(service).resolve("target/kubernetes/kubernetes.yml");
        Path committed = Project.ROOT.resolve("deploy/k8s/base").resolve(service + ".yml");

        assertThat(generated).as("built by ./mvnw package of " + service).isRegularFile();
        assertThat(documents(committed)).as("%s differs from the build's; run deploy/k8s/sync-base.sh", committed)
                .isEqualTo(documents(generated));
    }

    private static Object documents(Path file) throws IOException {
        try (var values = YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
            return values.readAll();
        }
    }
}
