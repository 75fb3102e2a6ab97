package org.submission.deploy.k8s;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.representer.Representer;

/** Kubernetes objects as plain maps and lists: reading (multi-document) and writing YAML. */
public final class Yaml {

    private Yaml() {
    }

    /** Every non-empty document of a YAML text. */
    public static List<Object> documents(String text) {
        List<Object> docs = new ArrayList<>();
        for (Object doc : loader().loadAll(text)) {
            if (doc != null) {
                docs.add(doc);
            }
        }
        return docs;
    }

    public static List<Object> documents(Path file) throws IOException {
        return documents(Files.readString(file, StandardCharsets.UTF_8));
    }

    /** The documents as Kubernetes objects; anything that is not a mapping is an error. */
    public static List<Map<String, Object>> objects(Path file) throws IOException {
        List<Map<String, Object>> objects = new ArrayList<>();
        for (Object doc : documents(file)) {
            objects.add(map(doc, file.toString()));
        }
        return objects;
    }

    /** Writes the objects as one multi-document YAML text, keys sorted as kubectl prints them. */
    public static String dump(List<Map<String, Object>> objects) {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setIndent(2);
        options.setIndicatorIndent(2);
        options.setIndentWithIndicator(true);
        options.setWidth(200);
        org.yaml.snakeyaml.Yaml writer = new org.yaml.snakeyaml.Yaml(new Representer(options), options);
        StringBuilder out = new StringBuilder();
        for (Map<String, Object> object : objects) {
            if (!out.isEmpty()) {
                out.append("---\n");
            }
            out.append(writer.dump(sorted(object)));
        }
        return out.toString();
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> map(Object value, String where) {
        if (value instanceof Map<?, ?> map) {
            return (Map<String, Object>) map;
        }
        throw new IllegalArgumentException(where + ": expected a mapping, found " + describe(value));
    }

    @SuppressWarnings("unchecked")
    public static List<Object> list(Object value, String where) {
        if (value == null) {
            return List.of();
        }
        if (value instanceof List<?> list) {
            return (List<Object>) list;
        }
        throw new IllegalArgumentException(where + ": expected a list, found " + describe(value));
    }

    /** The value at a path of mapping keys, or null. */
    public static Object at(Object root, String... keys) {
        Object current = root;
        for (String key : keys) {
            if (!(current instanceof Map<?, ?> map)) {
                return null;
            }
            current = map.get(key);
        }
        return current;
    }

    /** A deep, mutable copy (maps keep their order). */
    @SuppressWarnings("unchecked")
    public static <T> T copy(T value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put((String) k, copy(v)));
            return (T) copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>();
            list.forEach(v -> copy.add(copy(v)));
            return (T) copy;
        }
        return value;
    }

    private static Object sorted(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> sorted = new TreeMap<>();
            map.forEach((k, v) -> sorted.put(String.valueOf(k), sorted(v)));
            return sorted;
        }
        if (value instanceof List<?> list) {
            return list.stream().map(Yaml::sorted).toList();
        }
        return value;
    }

    private static org.yaml.snakeyaml.Yaml loader() {
        return new org.yaml.snakeyaml.Yaml(new SafeConstructor(new LoaderOptions()));
    }

    private static String describe(Object value) {
        return value == null ? "nothing" : value.getClass().getSimpleName() + " " + value;
    }
}
