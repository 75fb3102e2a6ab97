package org.submission.schema.service.survey;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.submission.schema.store.Json;
import org.submission.schema.store.SchemaStore;
import org.submission.schema.store.StoredSchema;

/**
 * The PASS UI's {@code repository.json}: for each individual schema (a document with a form), its
 * fields as {@code {"name": …}}, with {@code "required": true} or a {@code "requiredIf"} expression
 * when the document demands them. A schema's fields are its form's properties plus the form fields
 * (keys with options) it requires elsewhere, e.g. a {@code required} next to its form.
 */
public final class RepositoryFields {

    private RepositoryFields() {
    }

    /**
     * One member per document the store serves that has a form, named by the file's base name as
     * the UI names it; of two documents with one base name, the later in the store (a folder's) wins.
     */
    public static ObjectNode of(SchemaStore store) {
        ObjectNode repositories = Json.NODES.objectNode();
        for (StoredSchema document : store.documents()) {
            boolean served = document.usable() && store.find(document.name()).orElse(null) == document;
            if (served && document.schema().at("/definitions/form/properties").isObject()) {
                repositories.set(baseName(document.key()), fields(document.schema()));
            }
        }
        return repositories;
    }

    public static ArrayNode fields(JsonNode document) {
        Map<String, JsonNode> properties = FormFields.properties(List.of(document));
        Map<String, JsonNode> options = FormFields.options(List.of(document));
        Map<String, FieldRule> rules = FieldRule.of(PresenceRules.of(document));
        Set<String> names = new LinkedHashSet<>(properties.keySet());
        rules.keySet().stream().filter(options::containsKey).forEach(names::add);
        ArrayNode fields = Json.NODES.arrayNode();
        for (String name : names) {
            ObjectNode field = fields.addObject().put("name", name);
            FieldRule rule = rules.get(name);
            if (rule != null && rule.required()) {
                field.put("required", true);
            } else if (rule != null) {
                field.put("requiredIf", rule.requiredIf());
            }
        }
        return fields;
    }

    /** {@code nihms} for {@code jhu/nihms.json}. */
    public static String baseName(String key) {
        String file = key.substring(key.lastIndexOf('/') + 1);
        return file.endsWith(".json") ? file.substring(0, file.length() - ".json".length()) : file;
    }
}
