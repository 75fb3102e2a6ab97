package org.submission.deploy.k8s;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The {@code patches} of a kustomization: strategic merge patches and JSON 6902 operation lists. */
final class Patches {

    private Patches() {
    }

    static void apply(Path dir, Map<String, Object> spec, List<Map<String, Object>> objects) throws IOException {
        String where = spec.containsKey("path") ? dir.resolve(String.valueOf(spec.get("path"))).toString() : "inline patch";
        String text = spec.containsKey("path")
                ? Files.readString(dir.resolve(String.valueOf(spec.get("path"))), StandardCharsets.UTF_8)
                : String.valueOf(spec.get("patch"));
        Map<String, Object> target = spec.containsKey("target") ? Yaml.map(spec.get("target"), where + " target") : null;
        for (Object doc : Yaml.documents(text)) {
            if (doc instanceof List<?> operations) {
                if (target == null) {
                    throw new IllegalArgumentException(where + ": a JSON 6902 patch needs a target");
                }
                for (Map<String, Object> object : matching(objects, target, where)) {
                    for (Object operation : operations) {
                        JsonPatch.apply(object, Yaml.map(operation, where));
                    }
                }
            } else {
                Map<String, Object> patch = Yaml.map(doc, where);
                List<Map<String, Object>> targets = target != null ? matching(objects, target, where)
                        : matching(objects, Map.of("kind", Kustomize.kind(patch), "name", Kustomize.name(patch)), where);
                for (Map<String, Object> object : targets) {
                    Map<String, Object> body = Yaml.copy(patch);
                    if (target != null) {
                        body.remove("metadata");
                    }
                    StrategicMerge.merge(object, body);
                }
            }
        }
    }

    private static List<Map<String, Object>> matching(List<Map<String, Object>> objects, Map<String, Object> target,
                                                      String where) {
        List<Map<String, Object>> found = new ArrayList<>();
        for (Map<String, Object> object : objects) {
            if (matches(object, target)) {
                found.add(object);
            }
        }
        if (found.isEmpty()) {
            throw new IllegalArgumentException(where + ": no resource matches the target " + target);
        }
        return found;
    }

    private static boolean matches(Map<String, Object> object, Map<String, Object> target) {
        for (Map.Entry<String, Object> criterion : target.entrySet()) {
            String wanted = String.valueOf(criterion.getValue());
            boolean ok = switch (criterion.getKey()) {
                case "kind" -> wanted.equals(Kustomize.kind(object));
                case "name" -> wanted.equals(Kustomize.name(object));
                case "namespace" -> wanted.equals(Objects.toString(Yaml.at(object, "metadata", "namespace"), null));
                case "labelSelector" -> labelsMatch(object, wanted);
                case "group", "version" -> apiVersionMatches(object, criterion.getKey(), wanted);
                default -> throw new IllegalArgumentException("target field " + criterion.getKey() + " is not supported");
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** Equality selectors only ({@code a=b,c=d}), the form deploy/k8s uses. */
    private static boolean labelsMatch(Map<String, Object> object, String selector) {
        Object labels = Yaml.at(object, "metadata", "labels");
        for (String term : selector.split(",")) {
            String[] kv = term.split("=", 2);
            if (kv.length != 2 || kv[0].endsWith("!")) {
                throw new IllegalArgumentException("only equality label selectors are supported: " + selector);
            }
            if (!(labels instanceof Map<?, ?> map) || !kv[1].trim().equals(String.valueOf(map.get(kv[0].trim())))) {
                return false;
            }
        }
        return true;
    }

    private static boolean apiVersionMatches(Map<String, Object> object, String part, String wanted) {
        String apiVersion = String.valueOf(object.get("apiVersion"));
        int slash = apiVersion.indexOf('/');
        String group = slash < 0 ? "" : apiVersion.substring(0, slash);
        String version = apiVersion.substring(slash + 1);
        return wanted.equals(part.equals("group") ? group : version);
    }
}
