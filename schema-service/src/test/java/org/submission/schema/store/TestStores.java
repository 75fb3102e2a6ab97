package org.submission.schema.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Stores built from JSON written in the tests, with single quotes for double quotes. */
public final class TestStores {

    private TestStores() {
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
        return SchemaStoreLoader.prepare(sources);
    }

    /** The stored document with this {@code <institution>/<file>} key. */
    public static StoredSchema document(SchemaStore store, String key) {
        return store.documents().stream().filter(d -> d.key().equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no document " + key));
    }

    /** A document with a $id under https://schemas.test/t/ and the given members. */
    public static String schema(String file, String members) {
        return "{'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://schemas.test/t/" + file + "'"
                + (members.isBlank() ? "" : ", " + members) + "}";
    }
}
