package org.submission.schema.service.survey;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What dereferenced schema documents say about the fields a form shows, first-seen over the documents. */
final class FormFields {

    private FormFields() {
    }

    /** The displayed fields: each document's {@code /definitions/form/properties}, a key's first schema kept. */
    static Map<String, JsonNode> properties(List<JsonNode> documents) {
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        documents.forEach(document -> putAbsent(document.at("/definitions/form/properties"), fields));
        return fields;
    }

    /**
     * The Alpaca {@code options.fields} entries, wherever a PASS schema keeps them: at the top, under
     * {@code definitions/options} or {@code definitions/form/options}, and in the documents an
     * {@code allOf} includes (the global schema).
     */
    static Map<String, JsonNode> options(List<JsonNode> documents) {
        Map<String, JsonNode> options = new LinkedHashMap<>();
        documents.forEach(document -> collectOptions(document, options));
        return options;
    }

    private static void collectOptions(JsonNode schema, Map<String, JsonNode> options) {
        putAbsent(schema.at("/options/fields"), options);
        putAbsent(schema.at("/definitions/form/options/fields"), options);
        putAbsent(schema.at("/definitions/options/fields"), options);
        schema.path("allOf").forEach(part -> collectOptions(part, options));
    }

    private static void putAbsent(JsonNode members, Map<String, JsonNode> into) {
        for (Iterator<Map.Entry<String, JsonNode>> it = members.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> member = it.next();
            into.putIfAbsent(member.getKey(), member.getValue());
        }
    }
}
