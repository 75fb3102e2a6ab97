package org.submission.schema.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * A stored document as parsed, before its references are resolved.
 *
 * @param json    the document, or null when {@code problem} says why it is unusable
 * @param id      its {@code $id} without fragment, or null
 * @param base    the URI its relative references resolve against: the {@code $id}, else its store location
 * @param problem why it cannot be used, naming the kind of problem only (it is shown in the readiness answer)
 */
record RawSchema(int index, SchemaSource source, ObjectNode json, String id, URI base, String problem) {

    static RawSchema parse(int index, SchemaSource source) {
        URI location = location(source.key());
        if (source.content() == null) {
            return new RawSchema(index, source, null, null, location, source.problem());
        }
        JsonNode json;
        try {
            json = Json.parse(source.content());
        } catch (JsonProcessingException e) {
            // the position only: the parser's message quotes the text, and the file may not be a schema at all
            return new RawSchema(index, source, null, null, location, "not valid JSON (line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr() + ")");
        }
        if (!(json instanceof ObjectNode document)) {
            return new RawSchema(index, source, null, null, location, "not a JSON object");
        }
        JsonNode declared = document.get("$id");
        if (declared == null || !declared.isTextual()) {
            return new RawSchema(index, source, document, null, location, null);
        }
        try {
            URI id = location.resolve(new URI(UriIndex.withoutFragment(declared.textValue())));
            return new RawSchema(index, source, document, id.toString(), id, null);
        } catch (URISyntaxException | IllegalArgumentException e) {
            return new RawSchema(index, source, document, null, location, "$id is not a URI");
        }
    }

    String key() {
        return source.key();
    }

    /** How messages name the document: its $id, else where it was read. */
    String name() {
        return id != null ? id : source.origin();
    }

    private static URI location(String key) {
        try {
            return new URI("schema-store", null, "/" + key, null);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("unusable store key " + key, e);
        }
    }
}
