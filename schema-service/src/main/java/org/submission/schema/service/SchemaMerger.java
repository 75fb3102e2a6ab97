package org.submission.schema.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.submission.schema.store.Json;

/**
 * The union of ordered, dereferenced schemas: objects merge key by key, arrays gain the incoming
 * elements not already present (deep equality), scalars take the later value, and any other
 * pairing is a conflict naming its JSON Pointer. The inputs are never modified.
 */
public final class SchemaMerger {

    /** Describe one input document; dropped at the top level only, deeper they are ordinary keys. */
    static final Set<String> PREAMBLE = Set.of("title", "description", "$id", "$schema", "$comment");

    private SchemaMerger() {
    }

    /** Two values at one place that cannot merge; the message names the place and both types. */
    public static final class Conflict extends Exception {

        Conflict(String pointer, JsonNode present, JsonNode incoming) {
            super("Type conflict at " + (pointer.isEmpty() ? "/" : pointer) + ": " + Json.typeName(present)
                    + " vs " + Json.typeName(incoming), null, false, false);
        }
    }

    public static ObjectNode merge(List<? extends JsonNode> schemas) throws Conflict {
        ObjectNode union = Json.NODES.objectNode();
        for (JsonNode schema : schemas) {
            for (Iterator<Map.Entry<String, JsonNode>> it = schema.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                if (!PREAMBLE.contains(field.getKey())) {
                    mergeField(union, field.getKey(), field.getValue(), "/" + Json.escape(field.getKey()));
                }
            }
        }
        return union;
    }

    private static void mergeField(ObjectNode target, String key, JsonNode incoming, String pointer) throws Conflict {
        JsonNode present = target.get(key);
        if (present == null) {
            target.set(key, incoming.deepCopy());
        } else if (present.isObject() && incoming.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = incoming.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                mergeField((ObjectNode) present, field.getKey(), field.getValue(), pointer + "/" + Json.escape(field.getKey()));
            }
        } else if (present.isArray() && incoming.isArray()) {
            ArrayNode array = (ArrayNode) present;
            for (JsonNode element : incoming) {
                if (!contains(array, element)) {
                    array.add(element.deepCopy());
                }
            }
        } else if (present.isValueNode() && incoming.isValueNode()) {
            target.set(key, incoming);
        } else {
            throw new Conflict(pointer, present, incoming);
        }
    }

    private static boolean contains(ArrayNode array, JsonNode element) {
        for (JsonNode present : array) {
            if (Json.sameValue(present, element)) {
                return true;
            }
        }
        return false;
    }
}
