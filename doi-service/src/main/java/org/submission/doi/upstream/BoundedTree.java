package org.submission.doi.upstream;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Map;
import java.util.Set;

/**
 * An upstream answer read into a JSON tree within bounds (module README, "What an upstream answer
 * may contain"): only the named top-level members are read, a list keeps at most its cap of
 * elements, the parser skipping the rest without building them, and an answer of more than
 * {@link #MAX_VALUES} values is refused (an {@link IOException}, as for a body that is not JSON).
 * The tree is where the memory goes: a 2 MB body of {@code {},} would build 700,000 objects,
 * about 60 MB. (Jackson's own filtering parser drops empty containers unless told otherwise and
 * emits the rest through a path buffer; this reads the tree directly, as {@code readTree} does.)
 */
final class BoundedTree {

    /** Values (objects, lists and scalars) read of one answer: 100 open-access locations have about 1,500. */
    static final int MAX_VALUES = 20_000;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** Caps by member name, at any depth. */
    private final Map<String, Integer> caps;
    private int values;

    private BoundedTree(Map<String, Integer> caps) {
        this.caps = caps;
    }

    /** The one JSON object in the parser's input with only its {@code members}, its lists cut to {@code caps} by member name. */
    static ObjectNode read(JsonParser parser, Map<String, Integer> caps, Set<String> members) throws IOException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            throw new IOException("not a JSON object");
        }
        BoundedTree tree = new BoundedTree(caps);
        ObjectNode object = NODES.objectNode();
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
            JsonToken token = parser.nextToken();
            if (members.contains(name)) {
                object.set(name, tree.value(parser, token, caps.getOrDefault(name, UpstreamBody.MAX_ELEMENTS)));
            } else {
                parser.skipChildren();
            }
        }
        if (parser.nextToken() != null) {
            throw new IOException("trailing content after the object");
        }
        return object;
    }

    private JsonNode value(JsonParser parser, JsonToken token, int elements) throws IOException {
        if (++values > MAX_VALUES) {
            throw new IOException("more than " + MAX_VALUES + " values");
        }
        if (token == null) {
            throw new IOException("unexpected end of input");
        }
        return switch (token) {
            case START_OBJECT -> object(parser);
            case START_ARRAY -> array(parser, elements);
            case VALUE_STRING -> NODES.textNode(parser.getText());
            case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
                case INT -> NODES.numberNode(parser.getIntValue());
                case LONG -> NODES.numberNode(parser.getLongValue());
                default -> NODES.numberNode(parser.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> NODES.numberNode(parser.getDoubleValue());
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            default -> throw new IOException("unexpected " + token);
        };
    }

    private ObjectNode object(JsonParser parser) throws IOException {
        ObjectNode object = NODES.objectNode();
        for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
            object.set(name, value(parser, parser.nextToken(), caps.getOrDefault(name, UpstreamBody.MAX_ELEMENTS)));
        }
        return object;
    }

    private ArrayNode array(JsonParser parser, int elements) throws IOException {
        ArrayNode array = NODES.arrayNode();
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            if (array.size() < elements) {
                array.add(value(parser, token, UpstreamBody.MAX_ELEMENTS));
            } else {
                parser.skipChildren();
            }
        }
        return array;
    }
}
