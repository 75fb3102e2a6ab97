package org.submission.shared.seed;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.submission.shared.seed.SeedFormat.Field;
import org.submission.shared.seed.SeedFormat.Kind;
import org.submission.shared.seed.SeedFormat.Type;

/**
 * A seed file checked whole, before anything is written: its records in writing order. Every
 * fault is a {@link SeedException} naming the file and the record.
 *
 * @param highestId the highest id the file gives, or 0
 */
record SeedFile(String source, List<Entry> entries, long highestId) {

    private static final ObjectMapper JSON = new ObjectMapper();

    record Entry(Type type, int index, String key, JsonNode node) {
        String label() {
            return type.name() + "[" + index + "] (key \"" + key + "\")";
        }

        Long id() {
            JsonNode id = node.get("id");
            return id == null || id.isNull() ? null : id.asLong();
        }
    }

    static SeedFile check(String seedJson, String source) {
        JsonNode root = parse(seedJson, source);
        Map<String, Entry> byKey = new LinkedHashMap<>();
        List<Entry> entries = new ArrayList<>();
        for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            Type type = SeedFormat.type(name);
            if (type == null) {
                throw new SeedException(source + ": unknown record type \"" + name + "\"; known types are "
                        + SeedFormat.TYPES.stream().map(Type::name).toList());
            }
            JsonNode records = root.get(name);
            if (!records.isArray()) {
                throw new SeedException(source + ": \"" + name + "\" must be an array of records");
            }
            for (int i = 0; i < records.size(); i++) {
                entries.add(entry(type, i, records.get(i), byKey, source));
            }
        }
        Map<Long, Entry> byId = new HashMap<>();
        for (Entry entry : entries) {
            checkFields(entry, byKey, source);
            Entry holder = entry.id() == null ? null : byId.putIfAbsent(entry.id(), entry);
            if (holder != null) {
                throw new SeedException(source + ": " + entry.label() + ": \"id\" " + entry.id()
                        + " is already given to " + holder.label());
            }
        }
        entries.sort(Comparator.comparingInt(entry -> SeedFormat.TYPES.indexOf(entry.type())));
        return new SeedFile(source, entries, byId.keySet().stream().mapToLong(Long::longValue).max().orElse(0));
    }

    private static JsonNode parse(String seedJson, String source) {
        try {
            JsonNode root = JSON.readTree(seedJson);
            if (root == null || !root.isObject()) {
                throw new SeedException(source + ": a seed file is one JSON object of record arrays");
            }
            return root;
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new SeedException(source + ": malformed JSON" + where + ": " + e.getOriginalMessage(), e);
        }
    }

    private static Entry entry(Type type, int index, JsonNode node, Map<String, Entry> byKey, String source) {
        String where = type.name() + "[" + index + "]";
        if (!node.isObject()) {
            throw new SeedException(source + ": " + where + " must be a JSON object");
        }
        JsonNode key = node.get("key");
        if (key == null || !key.isTextual() || key.asText().isBlank()) {
            throw new SeedException(source + ": " + where + " needs a non-empty string \"key\"");
        }
        Entry entry = new Entry(type, index, key.asText(), node);
        Entry holder = byKey.putIfAbsent(entry.key(), entry);
        if (holder != null) {
            throw new SeedException(source + ": " + entry.label() + " reuses a key already given to " + holder.label());
        }
        return entry;
    }

    private static void checkFields(Entry entry, Map<String, Entry> byKey, String source) {
        String prefix = source + ": " + entry.label() + ": ";
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
            case INTEGER -> value.isIntegralNumber() && value.canConvertToLong() ? null : "must be an integer";
            case DATE -> value.isTextual() && SeedFormat.day(value.textValue()) != null ? null
                    : "must be a date, YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS";
            case JSON -> value.isObject() || value.isTextual() ? null : "must be a JSON object or a string";
            case REF -> value.isTextual() ? null : "must be the key (a string) of a " + field.target() + " record";
            case STRINGS, REFS -> {
                boolean strings = value.isArray();
                for (JsonNode item : value) {
                    strings &= item.isTextual();
                }
                yield strings ? null : "must be an array of strings";
            }
        };
    }
}
