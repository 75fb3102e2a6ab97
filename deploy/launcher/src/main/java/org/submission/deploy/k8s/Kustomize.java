package org.submission.deploy.k8s;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * An offline renderer for the part of kustomize that deploy/k8s uses, so that the manifests can
 * be rendered and checked in CI on a machine with only a JDK: {@code resources} (files and
 * kustomization folders), {@code namespace}, {@code configMapGenerator} / {@code secretGenerator}
 * (env files and literals, behaviours create / merge / replace, with
 * {@code generatorOptions.disableNameSuffixHash: true}), {@code patches} (strategic merge or
 * JSON 6902, by file or inline, with a target by kind, name and label selector), {@code replicas}
 * and {@code images}. Any other field is refused rather than ignored, so this renderer never
 * quietly disagrees with {@code kubectl kustomize}; where kubectl exists the tests compare both.
 */
public final class Kustomize {

    private static final Set<String> SUPPORTED = Set.of("apiVersion", "kind", "resources", "namespace",
            "generatorOptions", "configMapGenerator", "secretGenerator", "patches", "replicas", "images");

    /** kubectl's legacy output order; kinds not listed sort by name between these and the end. */
    private static final List<String> FIRST = List.of("Namespace", "ResourceQuota", "StorageClass",
            "CustomResourceDefinition", "ServiceAccount", "PodSecurityPolicy", "Role", "ClusterRole", "RoleBinding",
            "ClusterRoleBinding", "ConfigMap", "Secret", "Endpoints", "Service", "LimitRange", "PriorityClass",
            "PersistentVolume", "PersistentVolumeClaim", "Deployment", "StatefulSet", "CronJob", "PodDisruptionBudget");
    private static final List<String> LAST = List.of("MutatingWebhookConfiguration", "ValidatingWebhookConfiguration");
    private static final Set<String> CLUSTER_SCOPED = Set.of("Namespace", "StorageClass", "CustomResourceDefinition",
            "ClusterRole", "ClusterRoleBinding", "PersistentVolume", "PriorityClass", "IngressClass",
            "MutatingWebhookConfiguration", "ValidatingWebhookConfiguration", "PodSecurityPolicy");

    private Kustomize() {
    }

    /** Renders the kustomization in {@code dir}, in kubectl's output order. */
    public static List<Map<String, Object>> render(Path dir) throws IOException {
        List<Map<String, Object>> objects = build(dir.toAbsolutePath().normalize());
        objects.sort(Comparator.comparing((Map<String, Object> o) -> kindRank(kind(o)))
                .thenComparing(Kustomize::kind)
                .thenComparing(o -> Objects.toString(Yaml.at(o, "metadata", "namespace"), ""))
                .thenComparing(Kustomize::name));
        return objects;
    }

    private static List<Map<String, Object>> build(Path dir) throws IOException {
        Path file = kustomizationFile(dir);
        Map<String, Object> k = Yaml.map(Yaml.documents(file).get(0), file.toString());
        for (String field : k.keySet()) {
            if (!SUPPORTED.contains(field)) {
                throw new IllegalArgumentException(file + ": the field " + field + " is not supported by this renderer");
            }
        }
        List<Map<String, Object>> objects = new ArrayList<>();
        for (Object entry : Yaml.list(k.get("resources"), file + " resources")) {
            Path resource = dir.resolve(String.valueOf(entry)).normalize();
            if (Files.isDirectory(resource)) {
                objects.addAll(build(resource));
            } else {
                objects.addAll(Yaml.objects(resource));
            }
        }
        Map<String, Object> generatorOptions = Yaml.map(k.getOrDefault("generatorOptions", Map.of()), file + " generatorOptions");
        for (String generator : List.of("configMapGenerator", "secretGenerator")) {
            for (Object spec : Yaml.list(k.get(generator), file + " " + generator)) {
                if (!Boolean.TRUE.equals(generatorOptions.get("disableNameSuffixHash"))) {
                    throw new IllegalArgumentException(file + ": generated names with a hash suffix are not supported;"
                            + " set generatorOptions.disableNameSuffixHash: true");
                }
                generate(dir, generator.startsWith("secret"), Yaml.map(spec, file + " " + generator), objects);
            }
        }
        for (Object patch : Yaml.list(k.get("patches"), file + " patches")) {
            Patches.apply(dir, Yaml.map(patch, file + " patches"), objects);
        }
        Object namespace = k.get("namespace");
        if (namespace != null) {
            for (Map<String, Object> object : objects) {
                if (!CLUSTER_SCOPED.contains(kind(object))) {
                    metadata(object).put("namespace", String.valueOf(namespace));
                }
            }
        }
        for (Object replica : Yaml.list(k.get("replicas"), file + " replicas")) {
            Map<String, Object> r = Yaml.map(replica, file + " replicas");
            boolean found = false;
            for (Map<String, Object> object : objects) {
                if (Set.of("Deployment", "StatefulSet", "ReplicaSet").contains(kind(object)) && r.get("name").equals(name(object))) {
                    Yaml.map(object.get("spec"), name(object)).put("replicas", r.get("count"));
                    found = true;
                }
            }
            if (!found) {
                throw new IllegalArgumentException(file + ": replicas names no workload called " + r.get("name"));
            }
        }
        for (Object image : Yaml.list(k.get("images"), file + " images")) {
            Images.apply(Yaml.map(image, file + " images"), objects);
        }
        return objects;
    }

    private static void generate(Path dir, boolean secret, Map<String, Object> spec, List<Map<String, Object>> objects)
            throws IOException {
        String name = String.valueOf(spec.get("name"));
        Map<String, String> data = new TreeMap<>();
        for (Object envFile : Yaml.list(spec.get("envs"), name + " envs")) {
            data.putAll(envFile(dir.resolve(String.valueOf(envFile))));
        }
        for (Object literal : Yaml.list(spec.get("literals"), name + " literals")) {
            String text = String.valueOf(literal);
            int eq = text.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(name + ": literal without KEY=VALUE: " + text);
            }
            data.put(text.substring(0, eq), text.substring(eq + 1));
        }
        String kind = secret ? "Secret" : "ConfigMap";
        String behavior = String.valueOf(spec.getOrDefault("behavior", "create"));
        Map<String, Object> existing = objects.stream()
                .filter(o -> kind.equals(kind(o)) && name.equals(name(o))).findFirst().orElse(null);
        switch (behavior) {
            case "create" -> {
                if (existing != null) {
                    throw new IllegalArgumentException(kind + " " + name + " exists already; use behavior merge or replace");
                }
                Map<String, Object> object = new LinkedHashMap<>();
                object.put("apiVersion", "v1");
                object.put("kind", kind);
                object.put("metadata", new LinkedHashMap<>(Map.of("name", name)));
                if (secret) {
                    object.put("type", String.valueOf(spec.getOrDefault("type", "Opaque")));
                }
                object.put("data", encode(secret, data));
                objects.add(object);
            }
            case "merge", "replace" -> {
                if (existing == null) {
                    throw new IllegalArgumentException(kind + " " + name + " does not exist in the resources to " + behavior);
                }
                Map<String, Object> merged = behavior.equals("merge")
                        ? new TreeMap<>(Yaml.map(existing.getOrDefault("data", Map.of()), name)) : new TreeMap<>();
                merged.putAll(encode(secret, data));
                existing.put("data", merged);
            }
            default -> throw new IllegalArgumentException(name + ": unknown generator behavior " + behavior);
        }
    }

    /** KEY=VALUE lines as kustomize reads them: the value verbatim, {@code #} lines and blank lines skipped. */
    static Map<String, String> envFile(Path file) throws IOException {
        Map<String, String> data = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            int eq = trimmed.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(file + ": line without KEY=VALUE: " + line);
            }
            data.put(trimmed.substring(0, eq), trimmed.substring(eq + 1));
        }
        return data;
    }

    private static Map<String, Object> encode(boolean secret, Map<String, String> data) {
        Map<String, Object> out = new TreeMap<>();
        data.forEach((k, v) -> out.put(k, secret ? Base64.getEncoder().encodeToString(v.getBytes(StandardCharsets.UTF_8)) : v));
        return out;
    }

    private static Path kustomizationFile(Path dir) {
        for (String name : List.of("kustomization.yaml", "kustomization.yml", "Kustomization")) {
            if (Files.isRegularFile(dir.resolve(name))) {
                return dir.resolve(name);
            }
        }
        throw new IllegalArgumentException(dir + " holds no kustomization.yaml");
    }

    private static int kindRank(String kind) {
        int first = FIRST.indexOf(kind);
        if (first >= 0) {
            return first;
        }
        int last = LAST.indexOf(kind);
        return last >= 0 ? FIRST.size() + 1 + last : FIRST.size();
    }

    static String kind(Map<String, Object> object) {
        return String.valueOf(object.get("kind"));
    }

    static String name(Map<String, Object> object) {
        return String.valueOf(Yaml.at(object, "metadata", "name"));
    }

    static Map<String, Object> metadata(Map<String, Object> object) {
        return Yaml.map(object.get("metadata"), kind(object));
    }
}
