package org.submission.schema.store;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import org.everit.json.schema.Schema;
import org.everit.json.schema.ValidationException;
import org.everit.json.schema.loader.SchemaClient;
import org.everit.json.schema.loader.SchemaLoader;
import org.json.JSONObject;
import org.json.JSONTokener;

/** JSON Schema draft-07 through everit-json-schema, which is never allowed to fetch anything. */
public final class Draft07 {

    private static final String META_SCHEMA = "json-schema/draft-07-schema.json";

    /** Any attempt to load a schema by URL fails: the store is the only source of schemas. */
    private static final SchemaClient OFFLINE = url -> {
        throw new UncheckedIOException(new IOException("not fetching " + url + ": schemas come from the store only"));
    };

    private static final Schema META = loadMetaSchema();

    private Draft07() {
    }

    /** Checks a stored document against the draft-07 meta-schema. */
    static void checkDocument(ObjectNode document) throws SchemaProblem {
        try {
            META.validate(Json.toOrgJson(document));
        } catch (ValidationException e) {
            // every schema may also be a boolean: that alternative's failure is noise next to the real one
            List<String> messages = e.getAllMessages().stream()
                    .filter(m -> !m.endsWith("expected type: Boolean, found: JSONObject")).toList();
            String shown = String.join("; ", messages.subList(0, Math.min(3, messages.size())));
            throw new SchemaProblem("not a valid draft-07 schema: " + shown
                    + (messages.size() > 3 ? " (and " + (messages.size() - 3) + " more)" : ""));
        }
    }

    /**
     * An everit validator for a dereferenced document. Draft-07 is forced whatever
     * {@code $schema} says, as the service validates with draft-07 only.
     */
    static Schema validator(ObjectNode dereferenced) throws SchemaProblem {
        ObjectNode copy = dereferenced.deepCopy();
        copy.remove("$schema");
        try {
            return load((JSONObject) Json.toOrgJson(copy));
        } catch (RuntimeException e) {
            throw new SchemaProblem("everit-json-schema cannot load it: " + e.getMessage());
        }
    }

    private static Schema load(JSONObject json) {
        return SchemaLoader.builder().schemaClient(OFFLINE).draftV7Support().schemaJson(json).build().load().build();
    }

    private static Schema loadMetaSchema() {
        try (InputStream in = Draft07.class.getClassLoader().getResourceAsStream(META_SCHEMA)) {
            if (in == null) {
                throw new IllegalStateException(META_SCHEMA + " is missing from the class path");
            }
            return load(new JSONObject(new JSONTokener(in)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
