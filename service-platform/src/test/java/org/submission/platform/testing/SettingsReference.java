package org.submission.platform.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the settings reference (docs/settings.md) says: the rows of its tables ({@code | `VARIABLE` |
 * `property` | `default` | `service` | meaning |}). {@link SettingsInCode} says what the code reads, and
 * {@link SettingsDocumented} compares the two, so that a test fails when they drift.
 */
public final class SettingsReference {

    /** The settings reference, seen from a module's folder (where Maven runs its tests). */
    public static final Path DOCUMENT = Path.of("../docs/settings.md");

    /** One documented setting; {@code defaultValue} is null where the table says {@code (none)}. */
    public record Row(String variable, String property, String defaultValue, String service) {
    }

    private SettingsReference() {
    }

    /**
     * The rows of every table in the file whose header starts with {@code variable | property |
     * default | service} (case and words after those ignored).
     */
    public static List<Row> rows(Path markdown) {
        List<Row> rows = new ArrayList<>();
        boolean inTable = false;
        try {
            for (String line : Files.readAllLines(markdown)) {
                List<String> cells = cells(line);
                if (cells.size() >= 4 && cells.get(1).toLowerCase(Locale.ROOT).startsWith("property")
                        && cells.get(2).toLowerCase(Locale.ROOT).startsWith("default")
                        && cells.get(3).toLowerCase(Locale.ROOT).startsWith("service")) {
                    inTable = true;
                } else if (!line.startsWith("|")) {
                    inTable = false;
                } else if (inTable && cells.size() >= 4 && cells.get(1).startsWith("`")) {
                    String value = unquote(cells.get(2));
                    rows.add(new Row(unquote(cells.get(0)), unquote(cells.get(1)),
                            value.isEmpty() || value.startsWith("(") ? null : value, unquote(cells.get(3))));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    /**
     * The rows that apply to a service, by property: its own, and those of {@code all} it does not
     * replace with its own.
     */
    public static Map<String, Row> forService(List<Row> rows, String service) {
        Map<String, Row> applying = new LinkedHashMap<>();
        rows.stream().filter(row -> row.service().equals("all")).forEach(row -> applying.put(row.property(), row));
        rows.stream().filter(row -> row.service().equals(service)).forEach(row -> applying.put(row.property(), row));
        return applying;
    }

    /**
     * The environment variable SmallRye Config reads a property from; a placeholder such as
     * {@code <name>} (a map's key) stays one.
     */
    public static String environmentName(String property) {
        return property.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9<>]", "_");
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
