package org.submission.deploy.k8s;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.submission.platform.testing.ExternalTool;

/**
 * A kustomization as {@code kubectl kustomize} renders it, read into the Kubernetes API types of
 * the fabric8 model. Reading is strict: a field the API type does not have, a value of the wrong
 * type, an apiVersion other than the type's, or a kind outside {@link #KINDS} fails.
 */
public record Rendered(List<HasMetadata> objects) {

    /** The kinds these manifests may contain, each with its API type. */
    static final Map<String, Class<? extends HasMetadata>> KINDS = Map.of(
            "ConfigMap", ConfigMap.class, "Secret", Secret.class, "Service", Service.class,
            "Deployment", Deployment.class, "Ingress", Ingress.class,
            "PodDisruptionBudget", PodDisruptionBudget.class, "HorizontalPodAutoscaler", HorizontalPodAutoscaler.class,
            "PrometheusRule", PrometheusRule.class, "NetworkPolicy", NetworkPolicy.class, "ServiceMonitor", ServiceMonitor.class);

    /** The fabric8 types keep unknown fields in an "additional properties" map; this reader refuses them. */
    private static final ObjectMapper STRICT = new ObjectMapper(new YAMLFactory())
            .setAnnotationIntrospector(new JacksonAnnotationIntrospector() {
                @Override
                public Boolean hasAnySetter(Annotated member) {
                    return Boolean.FALSE;
                }
            })
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public static Rendered kustomize(Path dir) throws IOException, InterruptedException {
        Path kubectl = ExternalTool.require("kubectl");
        Process process = new ProcessBuilder(kubectl.toString(), "kustomize", dir.toString()).start();
        String yaml = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String errors = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("kubectl kustomize " + dir + " failed: " + errors);
        }
        return parse(yaml);
    }

    static Rendered parse(String yaml) throws IOException {
        List<HasMetadata> objects = new ArrayList<>();
        try (MappingIterator<JsonNode> documents = STRICT.readerFor(JsonNode.class).readValues(yaml)) {
            for (JsonNode document : documents.readAll()) {
                String kind = document.path("kind").asText();
                Class<? extends HasMetadata> type = KINDS.get(kind);
                if (type == null) {
                    throw new IllegalArgumentException("unexpected kind '" + kind + "' (known: " + KINDS.keySet() + ")");
                }
                HasMetadata object = STRICT.treeToValue(document, type);
                if (!HasMetadata.getApiVersion(type).equals(object.getApiVersion())) {
                    throw new IllegalArgumentException(kind + " " + object.getMetadata().getName() + ": apiVersion "
                            + object.getApiVersion() + ", expected " + HasMetadata.getApiVersion(type));
                }
                objects.add(object);
            }
        }
        return new Rendered(objects);
    }

    public <T extends HasMetadata> List<T> all(Class<T> type) {
        return objects.stream().filter(type::isInstance).map(type::cast).toList();
    }

    public <T extends HasMetadata> Optional<T> find(Class<T> type, String name) {
        return all(type).stream().filter(o -> o.getMetadata().getName().equals(name)).findFirst();
    }
}
