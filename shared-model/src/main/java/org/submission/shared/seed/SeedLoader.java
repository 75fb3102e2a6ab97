package org.submission.shared.seed;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.submission.shared.seed.SeedFormat.Field;
import org.submission.shared.seed.SeedFormat.Kind;
import org.submission.shared.seed.SeedFormat.Type;

/**
 * Loads PASS records from a seed file (format: {@link SeedFormat}, documented in the README)
 * in one transaction. The whole file is checked before anything is written, and any failure
 * rolls the transaction back, so a bad file leaves the database as it was.
 */
public final class SeedLoader {

    private static final ObjectMapper JSON = new ObjectMapper();

    private record Entry(Type type, int index, String key, JsonNode node) {
        String label() {
            return type.name() + "[" + index + "] (key \"" + key + "\")";
        }
    }

    private SeedLoader() {
    }

    /** Loads the seed text and answers the database id given to each record key. */
    public static Map<String, Long> load(DataSource dataSource, String seedJson, String sourceName) {
        return load(dataSource, seedJson, sourceName, false);
    }

    /**
     * Loads the seed text; with {@code onlyIntoEmptyDatabase}, loads nothing (and answers an
     * empty map) when the database already holds users, repositories or submissions. Services
     * starting side by side on one database serialise on an advisory lock, so one loads it.
     */
    public static Map<String, Long> load(DataSource dataSource, String seedJson, String sourceName,
                                         boolean onlyIntoEmptyDatabase) {
        List<Entry> entries = check(parse(seedJson, sourceName), sourceName);
        try (Connection connection = dataSource.getConnection()) {
            boolean autoCommit = connection.getAutoCommit();
            connection.setAutoCommit(false);
            try {
                if (onlyIntoEmptyDatabase && !empty(connection)) {
                    connection.rollback();
                    return Map.of();
                }
                Map<String, Long> ids = write(connection, entries);
                connection.commit();
                return ids;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(autoCommit);
            }
        } catch (SQLException e) {
            throw new SeedException(sourceName + ": the database refused the seed: " + e.getMessage(), e);
        }
    }

    private static boolean empty(Connection connection) throws SQLException {
        // Two statements: a statement's snapshot is taken before it waits for the lock, so a check
        // in the same statement would miss rows committed by the loader that held the lock.
        try (PreparedStatement lock = connection.prepareStatement("SELECT pg_advisory_xact_lock(7461001)")) {
            lock.execute();
        }
        try (PreparedStatement check = connection.prepareStatement(
                "SELECT NOT EXISTS (SELECT 1 FROM pass_user)"
                        + " AND NOT EXISTS (SELECT 1 FROM pass_repository) AND NOT EXISTS (SELECT 1 FROM pass_submission)");
             ResultSet rs = check.executeQuery()) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    private static JsonNode parse(String seedJson, String sourceName) {
        try {
            JsonNode root = JSON.readTree(seedJson);
            if (root == null || !root.isObject()) {
                throw new SeedException(sourceName + ": a seed file is one JSON object of record arrays");
            }
            return root;
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new SeedException(sourceName + ": malformed JSON" + where + ": " + e.getOriginalMessage(), e);
        }
    }

    private static List<Entry> check(JsonNode root, String sourceName) {
        Map<String, Entry> byKey = new LinkedHashMap<>();
        List<Entry> entries = new ArrayList<>();
        for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            Type type = SeedFormat.type(name);
            if (type == null) {
                throw new SeedException(sourceName + ": unknown record type \"" + name + "\"; known types are "
                        + SeedFormat.TYPES.stream().map(Type::name).toList());
            }
            JsonNode records = root.get(name);
            if (!records.isArray()) {
                throw new SeedException(sourceName + ": \"" + name + "\" must be an array of records");
            }
            for (int i = 0; i < records.size(); i++) {
                JsonNode node = records.get(i);
                String where = name + "[" + i + "]";
                if (!node.isObject()) {
                    throw new SeedException(sourceName + ": " + where + " must be a JSON object");
                }
                JsonNode key = node.get("key");
                if (key == null || !key.isTextual() || key.asText().isBlank()) {
                    throw new SeedException(sourceName + ": " + where + " needs a non-empty string \"key\"");
                }
                Entry entry = new Entry(type, i, key.asText(), node);
                if (byKey.putIfAbsent(entry.key(), entry) != null) {
                    throw new SeedException(sourceName + ": " + entry.label() + " reuses a key already given to "
                            + byKey.get(entry.key()).label());
                }
                entries.add(entry);
            }
        }
        for (Entry entry : entries) {
            checkFields(entry, byKey, sourceName);
        }
        entries.sort((a, b) -> Integer.compare(SeedFormat.TYPES.indexOf(a.type()), SeedFormat.TYPES.indexOf(b.type())));
        return entries;
    }

    private static void checkFields(Entry entry, Map<String, Entry> byKey, String sourceName) {
        String prefix = sourceName + ": " + entry.label() + ": ";
        for (Iterator<Map.Entry<String, JsonNode>> it = entry.node().fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> member = it.next();
            String name = member.getKey();
            JsonNode value = member.getValue();
            if (name.equals("key")) {
                continue;
            }
            if (name.equals("id")) {
                if (!value.canConvertToLong() || !value.isIntegralNumber() || value.asLong() <= 0) {
                    throw new SeedException(prefix + "\"id\" must be a positive integer");
                }
                continue;
            }
            Field field = entry.type().fields().get(name);
            if (field == null) {
                throw new SeedException(prefix + "unknown field \"" + name + "\"; " + entry.type().name()
                        + " records have " + entry.type().fields().keySet());
            }
            if (value.isNull()) {
                continue;
            }
            String problem = wrongKind(field, value);
            if (problem != null) {
                throw new SeedException(prefix + "field \"" + name + "\" " + problem);
            }
            if (field.kind() == Kind.REF || field.kind() == Kind.REFS) {
                for (JsonNode ref : value.isArray() ? value : List.of(value)) {
                    Entry target = byKey.get(ref.asText());
                    if (target == null || !target.type().name().equals(field.target())) {
                        throw new SeedException(prefix + "field \"" + name + "\" refers to \"" + ref.asText()
                                + "\", which is not the key of a " + field.target() + " record in this file");
                    }
                }
            }
        }
    }

    private static String wrongKind(Field field, JsonNode value) {
        return switch (field.kind()) {
            case STRING -> value.isTextual() ? null : "must be a string";
            case BOOLEAN -> value.isBoolean() ? null : "must be true or false";
            case INTEGER -> value.isIntegralNumber() && value.canConvertToInt() ? null : "must be an integer";
            case JSON -> value.isObject() || value.isTextual() ? null : "must be a JSON object or a string";
            case REF -> value.isTextual() ? null : "must be the key (a string) of a " + field.target() + " record";
            case STRINGS, REFS -> {
                if (!value.isArray()) {
                    yield "must be an array of strings";
                }
                for (JsonNode item : value) {
                    if (!item.isTextual()) {
                        yield "must be an array of strings";
                    }
                }
                yield null;
            }
        };
    }

    private static Map<String, Long> write(Connection connection, List<Entry> entries) throws SQLException {
        Map<String, Long> ids = new LinkedHashMap<>();
        long highestExplicit = 0;
        for (Entry entry : entries) {
            JsonNode explicit = entry.node().get("id");
            long id = explicit != null && !explicit.isNull() ? explicit.asLong() : nextId(connection);
            highestExplicit = explicit != null && !explicit.isNull() ? Math.max(highestExplicit, id) : highestExplicit;
            ids.put(entry.key(), id);
            try {
                insertRow(connection, entry, id, ids);
                insertCollections(connection, entry, id, ids);
            } catch (SQLException e) {
                throw new SeedException(entry.label() + ": " + e.getMessage(), e);
            }
        }
        if (highestExplicit > 0) {
            try (PreparedStatement advance = connection.prepareStatement(
                    "SELECT setval('hibernate_sequence', GREATEST((SELECT last_value FROM hibernate_sequence), ?))")) {
                advance.setLong(1, highestExplicit);
                advance.execute();
            }
        }
        return ids;
    }

    private static long nextId(Connection connection) throws SQLException {
        try (PreparedStatement next = connection.prepareStatement("SELECT nextval('hibernate_sequence')");
             ResultSet rs = next.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void insertRow(Connection connection, Entry entry, long id, Map<String, Long> ids) throws SQLException {
        List<Field> columns = entry.type().fields().values().stream().filter(f -> f.column() != null && f.joinTable() == null).toList();
        StringBuilder sql = new StringBuilder("INSERT INTO ").append(entry.type().table()).append(" (id");
        columns.forEach(f -> sql.append(", ").append(f.column()));
        sql.append(") VALUES (?").append(", ?".repeat(columns.size())).append(')');
        try (PreparedStatement insert = connection.prepareStatement(sql.toString())) {
            insert.setLong(1, id);
            for (int i = 0; i < columns.size(); i++) {
                bind(insert, i + 2, columns.get(i), entry.node().get(columns.get(i).name()), ids);
            }
            insert.executeUpdate();
        }
    }

    private static void bind(PreparedStatement statement, int position, Field field, JsonNode value, Map<String, Long> ids)
            throws SQLException {
        if (value == null || value.isNull()) {
            statement.setNull(position, switch (field.kind()) {
                case BOOLEAN -> Types.BOOLEAN;
                case INTEGER -> Types.INTEGER;
                case REF -> Types.BIGINT;
                default -> Types.VARCHAR;
            });
            return;
        }
        switch (field.kind()) {
            case STRING -> statement.setString(position, value.asText());
            case BOOLEAN -> statement.setBoolean(position, value.asBoolean());
            case INTEGER -> statement.setInt(position, value.asInt());
            case JSON -> statement.setString(position, value.isTextual() ? value.asText() : value.toString());
            case REF -> statement.setLong(position, ids.get(value.asText()));
            case STRINGS -> {
                List<String> items = new ArrayList<>();
                value.forEach(item -> items.add(item.asText()));
                statement.setString(position, items.isEmpty() ? null : String.join(",", items));
            }
            default -> throw new IllegalStateException("not a column kind: " + field.kind());
        }
    }

    /** Join tables ({@code table:owner:target}) and string collections ({@code table:owner}). */
    private static void insertCollections(Connection connection, Entry entry, long id, Map<String, Long> ids) throws SQLException {
        for (Field field : entry.type().fields().values()) {
            JsonNode values = entry.node().get(field.name());
            if (field.joinTable() == null || values == null || values.isNull()) {
                continue;
            }
            String[] parts = field.joinTable().split(":");
            String valueColumn = parts.length == 3 ? parts[2] : field.column();
            String sql = "INSERT INTO " + parts[0] + " (" + parts[1] + ", " + valueColumn + ") VALUES (?, ?)";
            try (PreparedStatement insert = connection.prepareStatement(sql)) {
                for (JsonNode value : values) {
                    insert.setLong(1, id);
                    if (field.kind() == Kind.REFS) {
                        insert.setLong(2, ids.get(value.asText()));
                    } else {
                        insert.setString(2, value.asText());
                    }
                    insert.addBatch();
                }
                insert.executeBatch();
            }
        }
    }

    /** Reads a whole seed file given as a path, for callers that load from disk. */
    public static String read(java.nio.file.Path path) {
        try {
            return java.nio.file.Files.readString(path);
        } catch (IOException e) {
            throw new SeedException(path + ": cannot read the seed file: " + e.getMessage(), e);
        }
    }
}
