package org.submission.deploy.k8s;

import java.util.List;
import java.util.Map;

/** The {@code images} transformer: a new name, tag or digest for every container image of a given name. */
final class Images {

    private Images() {
    }

    static void apply(Map<String, Object> spec, List<Map<String, Object>> objects) {
        for (Map<String, Object> object : objects) {
            visit(object, spec);
        }
    }

    private static void visit(Object node, Map<String, Object> spec) {
        if (node instanceof Map<?, ?> map) {
            for (String field : List.of("containers", "initContainers")) {
                if (map.get(field) instanceof List<?> containers) {
                    containers.forEach(c -> retag(Yaml.map(c, field), spec));
                }
            }
            map.values().forEach(v -> visit(v, spec));
        } else if (node instanceof List<?> list) {
            list.forEach(v -> visit(v, spec));
        }
    }

    private static void retag(Map<String, Object> container, Map<String, Object> spec) {
        Object image = container.get("image");
        if (image == null) {
            return;
        }
        String text = image.toString();
        int at = text.indexOf('@');
        String withoutDigest = at < 0 ? text : text.substring(0, at);
        int colon = withoutDigest.lastIndexOf(':');
        String name = colon > withoutDigest.lastIndexOf('/') ? withoutDigest.substring(0, colon) : withoutDigest;
        String suffix = text.substring(name.length());
        if (!name.equals(spec.get("name"))) {
            return;
        }
        String newName = spec.containsKey("newName") ? String.valueOf(spec.get("newName")) : name;
        if (spec.containsKey("digest")) {
            suffix = "@" + spec.get("digest");
        } else if (spec.containsKey("newTag")) {
            suffix = ":" + spec.get("newTag");
        }
        container.put("image", newName + suffix);
    }
}
