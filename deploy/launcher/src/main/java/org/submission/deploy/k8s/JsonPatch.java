package org.submission.deploy.k8s;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** RFC 6902 {@code add}, {@code replace} and {@code remove} on a Kubernetes object. */
final class JsonPatch {

    private JsonPatch() {
    }

    static void apply(Map<String, Object> object, Map<String, Object> operation) {
        String op = String.valueOf(operation.get("op"));
        List<String> path = pointer(String.valueOf(operation.get("path")));
        if (path.isEmpty()) {
            throw new IllegalArgumentException("a patch of the whole object is not supported");
        }
        Object parent = object;
        for (String token : path.subList(0, path.size() - 1)) {
            parent = child(parent, token, operation);
        }
        String last = path.get(path.size() - 1);
        Object value = Yaml.copy(operation.get("value"));
        if (parent instanceof Map<?, ?>) {
            Map<String, Object> map = Yaml.map(parent, last);
            switch (op) {
                case "add" -> map.put(last, value);
                case "replace" -> {
                    require(map.containsKey(last), operation);
                    map.put(last, value);
                }
                case "remove" -> {
                    require(map.containsKey(last), operation);
                    map.remove(last);
                }
                default -> throw new IllegalArgumentException("patch operation " + op + " is not supported");
            }
        } else {
            List<Object> list = Yaml.list(parent, last);
            int index = last.equals("-") ? list.size() : Integer.parseInt(last);
            switch (op) {
                case "add" -> list.add(index, value);
                case "replace" -> list.set(index, value);
                case "remove" -> list.remove(index);
                default -> throw new IllegalArgumentException("patch operation " + op + " is not supported");
            }
        }
    }

    private static Object child(Object parent, String token, Map<String, Object> operation) {
        Object child;
        if (parent instanceof Map<?, ?> map) {
            child = map.get(token);
        } else {
            List<Object> list = Yaml.list(parent, token);
            int index = Integer.parseInt(token);
            child = index < list.size() ? list.get(index) : null;
        }
        require(child != null, operation);
        return child;
    }

    private static List<String> pointer(String text) {
        if (!text.startsWith("/")) {
            throw new IllegalArgumentException("not a JSON pointer: " + text);
        }
        List<String> tokens = new ArrayList<>();
        for (String raw : text.substring(1).split("/", -1)) {
            tokens.add(raw.replace("~1", "/").replace("~0", "~"));
        }
        return tokens;
    }

    private static void require(boolean condition, Map<String, Object> operation) {
        if (!condition) {
            throw new IllegalArgumentException("patch path does not exist: " + operation);
        }
    }
}
