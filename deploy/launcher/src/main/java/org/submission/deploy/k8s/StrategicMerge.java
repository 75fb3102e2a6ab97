package org.submission.deploy.k8s;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Kubernetes strategic merge for the fields deploy/k8s patches: mappings merge key by key, a
 * null value deletes, lists of named things (containers, env, volumes, ports…) merge item by
 * item on their merge key, every other list is replaced. {@code $patch} directives are refused.
 */
final class StrategicMerge {

    private static final Map<String, String> MERGE_KEYS = Map.of(
            "containers", "name", "initContainers", "name", "ephemeralContainers", "name",
            "env", "name", "volumes", "name", "volumeMounts", "mountPath", "imagePullSecrets", "name",
            "tolerations", "key");

    private StrategicMerge() {
    }

    static void merge(Map<String, Object> base, Map<String, Object> patch) {
        for (Map.Entry<String, Object> entry : patch.entrySet()) {
            String key = entry.getKey();
            Object value = entry.getValue();
            if (key.startsWith("$")) {
                throw new IllegalArgumentException("patch directive " + key + " is not supported");
            }
            Object current = base.get(key);
            if (value == null) {
                base.remove(key);
            } else if (current instanceof Map<?, ?> && value instanceof Map<?, ?>) {
                merge(Yaml.map(current, key), Yaml.map(value, key));
            } else if (current instanceof List<?> && value instanceof List<?> && mergeKey(key, value) != null) {
                mergeList(Yaml.list(current, key), Yaml.list(value, key), mergeKey(key, value));
            } else {
                base.put(key, Yaml.copy(value));
            }
        }
    }

    private static String mergeKey(String field, Object patchList) {
        if (field.equals("ports")) {
            // a container's ports merge on containerPort, a Service's on port
            List<Object> items = Yaml.list(patchList, field);
            return !items.isEmpty() && items.get(0) instanceof Map<?, ?> m && m.containsKey("containerPort")
                    ? "containerPort" : "port";
        }
        return MERGE_KEYS.get(field);
    }

    /**
     * Items named in the patch come first, in the patch's order (merged into the base item of
     * the same key where there is one), then the base's other items in their order: the order
     * kustomize (kyaml) writes.
     */
    private static void mergeList(List<Object> base, List<Object> patch, String mergeKey) {
        List<Object> merged = new ArrayList<>();
        List<Object> rest = new ArrayList<>(base);
        for (Object item : patch) {
            Map<String, Object> patchItem = Yaml.map(item, mergeKey);
            Object id = patchItem.get(mergeKey);
            Map<String, Object> existing = null;
            for (Object candidate : base) {
                if (candidate instanceof Map<?, ?> m && id != null && id.equals(m.get(mergeKey))) {
                    existing = Yaml.map(candidate, mergeKey);
                }
            }
            if (existing != null) {
                merge(existing, patchItem);
                merged.add(existing);
                rest.remove(existing);
            } else {
                merged.add(Yaml.copy(patchItem));
            }
        }
        merged.addAll(rest);
        base.clear();
        base.addAll(merged);
    }
}
