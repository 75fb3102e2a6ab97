package org.submission.doi.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** In-place normalisation of a parsed upstream answer (its depth is bounded by the parser). */
final class UpstreamJson {

    private UpstreamJson() {
    }

    /** Every string value and member name made {@link UpstreamText#storable}. */
    static void makeStorable(JsonNode node) {
        if (node instanceof ObjectNode object) {
            List<Map.Entry<String, JsonNode>> renamed = null;
            for (var member : object.properties()) {
                JsonNode value = member.getValue();
                if (value.isTextual()) {
                    String text = value.textValue();
                    String storable = UpstreamText.storable(text);
                    if (!storable.equals(text)) {
                        member.setValue(TextNode.valueOf(storable));
                    }
                } else {
                    makeStorable(value);
                }
                if (!UpstreamText.storable(member.getKey()).equals(member.getKey())) {
                    renamed = renamed == null ? new ArrayList<>() : renamed;
                    renamed.add(member);
                }
            }
            if (renamed != null) {
                renamed.forEach(member -> {
                    object.remove(member.getKey());
                    object.set(UpstreamText.storable(member.getKey()), member.getValue());
                });
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                JsonNode element = array.get(i);
                if (element.isTextual()) {
                    String storable = UpstreamText.storable(element.textValue());
                    if (!storable.equals(element.textValue())) {
                        array.set(i, TextNode.valueOf(storable));
                    }
                } else {
                    makeStorable(element);
                }
            }
        }
    }

    /** An array cut to its first {@code max} elements; anything else left alone. */
    static void truncate(JsonNode node, int max) {
        if (node instanceof ArrayNode array && array.size() > max) {
            // removing from the end: ArrayNode is an ArrayList, so each removal is constant time
            for (int i = array.size() - 1; i >= max; i--) {
                array.remove(i);
            }
        }
    }
}
