package org.submission.schema.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.runtime.configuration.MemorySizeConverter;
import io.smallrye.config.WithDefault;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.submission.schema.config.SchemaServiceSettings;

/** Stores built from JSON written in the tests, with single quotes for double quotes. */
public final class TestStores {

    /** SCHEMA_SERVICE_MAX_EXPANDED_SIZE as the service has it by default. */
    public static final long MAX_EXPANDED_SIZE = defaultMaxExpandedSize();

    private TestStores() {
    }

    private static long defaultMaxExpandedSize() {
        try {
            String size = SchemaServiceSettings.class.getMethod("maxExpandedSize").getAnnotation(WithDefault.class).value();
            return new MemorySizeConverter().convert(size).asLongValue();
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    /** JSON text from test shorthand: {@code {'a': 1}}. */
    public static String json(String shorthand) {
        return shorthand.replace('\'', '"');
    }

    public static JsonNode tree(String shorthand) {
        try {
            return Json.parse(json(shorthand));
        } catch (Exception e) {
            throw new IllegalArgumentException(shorthand, e);
        }
    }

    public static SchemaSource source(String key, String shorthand) {
        return SchemaSource.of(key, "test:" + key, false, json(shorthand).getBytes(StandardCharsets.UTF_8));
    }

    public static SchemaSource bundled(String key, String shorthand) {
        return SchemaSource.of(key, "classpath:schemas/" + key, true, json(shorthand).getBytes(StandardCharsets.UTF_8));
    }

    /** A store of documents given as key, shorthand JSON, key, shorthand JSON, … */
    public static SchemaStore store(String... keysAndDocuments) {
        List<SchemaSource> sources = new ArrayList<>();
        for (int i = 0; i < keysAndDocuments.length; i += 2) {
            sources.add(source(keysAndDocuments[i], keysAndDocuments[i + 1]));
        }
        return SchemaStoreLoader.prepare(sources, MAX_EXPANDED_SIZE);
    }

    /** The stored document with this {@code <institution>/<file>} key. */
    public static StoredSchema document(SchemaStore store, String key) {
        return store.documents().stream().filter(d -> d.key().equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no document " + key));
    }

    /**
     * A small text that expands hugely: {@code 2^levels} references to one description of
     * {@code length} characters ({@code definitions/d<levels>} refers twice to {@code d<levels-1>}, …).
     */
    public static String doubling(String id, int levels, int length) {
        StringBuilder definitions = new StringBuilder("\"d0\": {\"description\": \"" + "x".repeat(length) + "\"}");
        for (int i = 1; i <= levels; i++) {
            definitions.append(", \"d").append(i).append("\": {\"allOf\": [{\"$ref\": \"#/definitions/d").append(i - 1)
                    .append("\"}, {\"$ref\": \"#/definitions/d").append(i - 1).append("\"}]}");
        }
        return "{\"$id\": \"" + id + "\", \"definitions\": {" + definitions + "}, \"allOf\": [{\"$ref\": \"#/definitions/d"
                + levels + "\"}]}";
    }

    /** A document {@code levels} schemas deep once resolved, each {@code definitions/d<i>} being {@code {"not": d<i-1>}}. */
    public static String notChain(String id, int levels) {
        StringBuilder definitions = new StringBuilder("\"d0\": {\"type\": \"string\"}");
        for (int i = 1; i < levels; i++) {
            definitions.append(", \"d").append(i).append("\": {\"not\": {\"$ref\": \"#/definitions/d").append(i - 1).append("\"}}");
        }
        return "{\"$id\": \"" + id + "\", \"definitions\": {" + definitions + "}, \"allOf\": [{\"$ref\": \"#/definitions/d"
                + (levels - 1) + "\"}]}";
    }

    /** A document with a $id under https://schemas.test/t/ and the given members. */
    public static String schema(String file, String members) {
        return "{'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://schemas.test/t/" + file + "'"
                + (members.isBlank() ? "" : ", " + members) + "}";
    }
}
