package org.submission.schema.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * The one JSON configuration of the service: strict parsing (a duplicate key or trailing content
 * is an error rather than a silent choice), compact output, and the bridge to org.json that
 * everit-json-schema needs.
 */
public final class Json {

    /** Deeper than any real blob or schema; deeper input is refused before it can exhaust a stack. */
    public static final int MAX_DEPTH = 100;
    public static final int MAX_STRING_LENGTH = 1_000_000;
    public static final int MAX_NUMBER_LENGTH = 1_000;

    public static final JsonMapper MAPPER = configure(new JsonMapper());

    public static final JsonNodeFactory NODES = MAPPER.getNodeFactory();

    /** Deep equality where 1, 1.0 and 1e0 are the same number, as JSON means them. */
    public static final Comparator<JsonNode> SAME_VALUE = (a, b) -> {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue());
        }
        return a.equals(b) ? 0 : 1;
    };

    private Json() {
    }

    /**
     * Strict, and bounded so that hostile input fails early. Decimals are kept as written ({@code 1.50} stays {@code 1.50}, {@code 1e999} stays
     * finite), so answers repeat the stored numbers and org.json, which refuses infinities, gets them all.
     */
    private static JsonMapper configure(JsonMapper mapper) {
        mapper.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH)
                .maxStringLength(MAX_STRING_LENGTH).maxNameLength(MAX_STRING_LENGTH).maxNumberLength(MAX_NUMBER_LENGTH).build());
        mapper.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());
        mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS, DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
        mapper.configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);
        return mapper;
    }

    /** Parses one JSON value; the message of the exception says where the text is malformed. */
    public static JsonNode parse(byte[] text) throws JsonProcessingException {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw e;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static JsonNode parse(String text) throws JsonProcessingException {
        return MAPPER.readTree(text);
    }

    public static byte[] bytes(JsonNode node) {
        try {
            return MAPPER.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree could not be written", e);
        }
    }

    /** The bytes {@link #bytes} writes for this text as a JSON string: quotes, escapes and UTF-8 included. */
    static long quotedSize(String text) {
        long size = 2;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                size += 2;
            } else if (c < 0x20) {
                size += c == '\b' || c == '\t' || c == '\n' || c == '\f' || c == '\r' ? 2 : 6;
            } else if (c < 0x80) {
                size += 1;
            } else if (c < 0x800) {
                size += 2;
            } else if (Character.isSurrogate(c)) {
                size += 6; // Jackson writes each half of a pair as an escape
            } else {
                size += 3;
            }
        }
        return size;
    }

    /** The bytes {@link #bytes} writes for a string, number, boolean or null. */
    static long scalarSize(JsonNode scalar) {
        return scalar.isTextual() ? quotedSize(scalar.textValue()) : scalar.asText().length();
    }

    public static boolean sameValue(JsonNode a, JsonNode b) {
        return a.equals(SAME_VALUE, b);
    }

    /** The org.json form of a Jackson tree (JSONObject, JSONArray, String, Number, Boolean or NULL). */
    public static Object toOrgJson(JsonNode node) {
        switch (node.getNodeType()) {
            case OBJECT -> {
                JSONObject object = new JSONObject();
                for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> field = it.next();
                    object.put(field.getKey(), toOrgJson(field.getValue()));
                }
                return object;
            }
            case ARRAY -> {
                JSONArray array = new JSONArray();
                node.forEach(element -> array.put(toOrgJson(element)));
                return array;
            }
            case STRING -> {
                return node.textValue();
            }
            case NUMBER -> {
                return node.numberValue();
            }
            case BOOLEAN -> {
                return node.booleanValue();
            }
            default -> {
                return JSONObject.NULL;
            }
        }
    }

    /** The name JSON Schema gives the node's type, as used in messages. */
    public static String typeName(JsonNode node) {
        return switch (node.getNodeType()) {
            case OBJECT, POJO -> "object";
            case ARRAY -> "array";
            case STRING -> "string";
            case NUMBER -> "number";
            case BOOLEAN -> "boolean";
            default -> "null";
        };
    }

    /** One JSON Pointer reference token, escaped (RFC 6901). */
    public static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }
}
