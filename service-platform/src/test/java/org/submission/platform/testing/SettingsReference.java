package org.submission.platform.testing;

import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the documents say of the settings against what the code reads, so that a test fails when
 * they drift: the rows of a settings table in Markdown ({@code | `VARIABLE` | `property` |
 * `default` | …}), and the properties of a {@code @ConfigMapping} interface with their
 * {@code @WithDefault} values, walked as SmallRye Config names them.
 */
public final class SettingsReference {

    /** One documented setting; {@code defaultValue} is null where the table says none. */
    public record Row(String variable, String property, String defaultValue) {
    }

    private SettingsReference() {
    }

    /**
     * The rows of every table in the file whose header starts with {@code variable | property |
     * default} (case and words after those ignored), by property.
     */
    public static Map<String, Row> rows(Path markdown) {
        Map<String, Row> rows = new LinkedHashMap<>();
        boolean inTable = false;
        try {
            for (String line : Files.readAllLines(markdown)) {
                List<String> cells = cells(line);
                if (cells.size() >= 3 && cells.get(1).toLowerCase(Locale.ROOT).startsWith("property")
                        && cells.get(2).toLowerCase(Locale.ROOT).startsWith("default")) {
                    inTable = true;
                } else if (!line.startsWith("|")) {
                    inTable = false;
                } else if (inTable && cells.size() >= 3 && cells.get(1).startsWith("`")) {
                    String value = unquote(cells.get(2));
                    rows.put(unquote(cells.get(1)), new Row(unquote(cells.get(0)), unquote(cells.get(1)),
                            value.isEmpty() || value.startsWith("(") ? null : value));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    /** Every leaf property of the mapping under {@code prefix}, with its default (null: none). */
    public static Map<String, String> defaults(Class<?> mapping, String prefix) {
        Map<String, String> defaults = new LinkedHashMap<>();
        walk(mapping, prefix, defaults);
        return defaults;
    }

    /** The environment variable SmallRye Config reads a property from. */
    public static String environmentName(String property) {
        return property.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }

    private static void walk(Class<?> group, String prefix, Map<String, String> defaults) {
        Method[] methods = group.getMethods();
        Arrays.sort(methods, (a, b) -> a.getName().compareTo(b.getName()));
        for (Method method : methods) {
            if (method.getParameterCount() > 0 || method.isDefault() || method.getDeclaringClass() == Object.class) {
                continue;
            }
            WithName named = method.getAnnotation(WithName.class);
            String property = prefix + "." + (named != null ? named.value() : kebab(method.getName()));
            Class<?> type = method.getReturnType();
            if (type.isInterface() && type.getEnclosingClass() != null && type != Optional.class) {
                walk(type, property, defaults);
            } else {
                WithDefault value = method.getAnnotation(WithDefault.class);
                defaults.put(property, value == null ? null : value.value());
            }
        }
    }

    private static String kebab(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    private static List<String> cells(String line) {
        String trimmed = line.strip();
        if (!trimmed.startsWith("|")) {
            return List.of();
        }
        String inner = trimmed.endsWith("|") ? trimmed.substring(1, trimmed.length() - 1) : trimmed.substring(1);
        return Arrays.stream(inner.split("(?<!\\\\)\\|", -1)).map(String::strip).toList();
    }

    private static String unquote(String cell) {
        String value = cell.strip();
        return value.length() >= 2 && value.startsWith("`") && value.endsWith("`") ? value.substring(1, value.length() - 1) : value;
    }
}
