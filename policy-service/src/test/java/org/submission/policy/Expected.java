package org.submission.policy;

import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Expected answers written with fixture keys ("P1:funder P3:institution", "R1 R2"), in ascending id order. */
final class Expected {

    private Expected() {
    }

    static List<Map<String, Object>> policies(Map<String, Long> ids, String spec) {
        return words(spec).stream()
                .map(word -> word.split(":"))
                .sorted(Comparator.comparingLong(pair -> ids.get(pair[0])))
                .map(pair -> entry("id", String.valueOf(ids.get(pair[0])), "type", pair[1]))
                .toList();
    }

    static Map<String, Object> repositories(Map<String, Long> ids, String required, String optional) {
        return entry("required", repositoryList(ids, required), "optional", repositoryList(ids, optional));
    }

    private static List<Map<String, Object>> repositoryList(Map<String, Long> ids, String spec) {
        return words(spec).stream()
                .sorted(Comparator.comparingLong(ids::get))
                .map(key -> entry("url", String.valueOf(ids.get(key)), "selected", true))
                .toList();
    }

    private static List<String> words(String spec) {
        return spec == null || spec.isBlank() ? List.of() : Arrays.asList(spec.trim().split("\\s+"));
    }

    private static Map<String, Object> entry(String name1, Object value1, String name2, Object value2) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put(name1, value1);
        entry.put(name2, value2);
        return entry;
    }
}
