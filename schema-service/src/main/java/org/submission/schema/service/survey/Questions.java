package org.submission.schema.service.survey;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import org.submission.schema.store.Json;

/**
 * One SurveyJS question from a form property's schema and its Alpaca-style {@code options.fields}
 * entry. The schema decides the widget (what values it accepts); the options give the texts, the
 * {@code textarea} wish and {@code hidden}. Alpaca options SurveyJS has no use for (classes,
 * toolbars, order) are dropped.
 */
final class Questions {

    private Questions() {
    }

    static ObjectNode question(String name, JsonNode property, JsonNode options) {
        ObjectNode question = Json.NODES.objectNode();
        question.put("name", name);
        JsonNode items = property.path("items");
        if (property.has("enum")) {
            question.put("type", "dropdown").set("choices", property.get("enum").deepCopy());
        } else if (isType(property, "boolean")) {
            question.put("type", "boolean");
        } else if (isType(property, "array") && (isType(items, "object") || items.has("properties"))) {
            question.put("type", "paneldynamic");
        } else if (isType(property, "array")) {
            // a list of words: chosen from the enum, or typed in as tags
            question.put("type", "tagbox").set("choices", items.has("enum") ? items.get("enum").deepCopy() : Json.NODES.arrayNode());
            if (!items.has("enum")) {
                question.put("allowCustomChoices", true);
            }
        } else if ("checkbox".equals(options.path("type").asText()) && isType(property, "string")) {
            // PASS keeps a checkbox in a string ("true"/"false"), as the UI's own form does
            question.put("type", "boolean").put("valueTrue", "true").put("valueFalse", "false");
        } else if ("textarea".equals(options.path("type").asText())) {
            question.put("type", "comment");
            if (options.path("rows").canConvertToInt()) {
                question.put("rows", options.get("rows").intValue());
            }
        } else {
            question.put("type", "text");
            if ("date".equals(property.path("format").asText())) {
                question.put("inputType", "date");
            }
        }
        question.put("title", title(name, property, options));
        copyText(property, "description", question, "description");
        copyText(options, "placeholder", question, "placeholder");
        if (options.path("hidden").asBoolean(false)) {
            question.put("visible", false);
        }
        if (question.get("type").asText().equals("paneldynamic")) {
            question.set("templateElements", templateElements(items, options.path("items").path("fields")));
        }
        return question;
    }

    /** The item's own properties, each a question; its {@code required} makes them required. */
    private static ArrayNode templateElements(JsonNode item, JsonNode itemOptions) {
        Set<String> required = new HashSet<>();
        item.path("required").forEach(key -> required.add(key.asText()));
        ArrayNode elements = Json.NODES.arrayNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = item.path("properties").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> property = it.next();
            ObjectNode element = question(property.getKey(), property.getValue(), itemOptions.path(property.getKey()));
            if (required.contains(property.getKey())) {
                element.put("isRequired", true);
            }
            elements.add(element);
        }
        return elements;
    }

    /** The label unless it carries markup (SurveyJS shows titles as text), then the schema's title. */
    private static String title(String name, JsonNode property, JsonNode options) {
        String label = options.path("label").asText("").trim();
        if (!label.isEmpty() && !label.contains("<")) {
            return label;
        }
        String title = property.path("title").asText("").trim();
        return title.isEmpty() ? name : title;
    }

    private static boolean isType(JsonNode schema, String type) {
        JsonNode declared = schema.path("type");
        if (declared.isArray()) {
            for (JsonNode one : declared) {
                if (type.equals(one.asText())) {
                    return true;
                }
            }
            return false;
        }
        return type.equals(declared.asText());
    }

    private static void copyText(JsonNode from, String field, ObjectNode to, String as) {
        String text = from.path(field).asText("").trim();
        if (!text.isEmpty()) {
            to.put(as, text);
        }
    }
}
