package org.submission.doi.upstream;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.submission.doi.html.SafeText;

/**
 * An upstream answer copied to JSON text as it is read, without building a tree (module README,
 * "What an upstream answer may contain"): a list keeps at most its cap of elements, the parser
 * skipping the rest; every string and member name is made {@link SafeText#storable}, and the
 * caller's rewrites are applied to the strings of the members they name. The text is about the
 * size of the body, where a tree of the same answer takes ten times its size.
 */
final class BoundedText {

    private final JsonParser parser;
    private final JsonGenerator generator;
    private final Map<String, Integer> caps;
    private final Map<String, UnaryOperator<String>> rewrites;

    private BoundedText(JsonParser parser, JsonGenerator generator, Map<String, Integer> caps, Map<String, UnaryOperator<String>> rewrites) {
        this.parser = parser;
        this.generator = generator;
        this.caps = caps;
        this.rewrites = rewrites;
    }

    /**
     * The text of the one JSON object in the parser's input, with lists cut to {@code caps} by
     * member name and the string values of members named in {@code rewrites} rewritten.
     */
    static String copy(JsonParser parser, JsonFactory json, Map<String, Integer> caps, Map<String, UnaryOperator<String>> rewrites,
            int sizeHint) throws IOException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            throw new IOException("not a JSON object");
        }
        StringWriter text = new StringWriter(sizeHint);
        try (JsonGenerator generator = json.createGenerator(text)) {
            new BoundedText(parser, generator, caps, rewrites).value(JsonToken.START_OBJECT, null, UpstreamBody.MAX_ELEMENTS);
        }
        if (parser.nextToken() != null) {
            throw new IOException("trailing content after the object");
        }
        return text.toString();
    }

    /** The value the parser is at, a member's of that {@code name} or (null) an element's. */
    private void value(JsonToken token, String name, int elements) throws IOException {
        if (token == null) {
            throw new IOException("unexpected end of input");
        }
        switch (token) {
            case START_OBJECT -> {
                generator.writeStartObject();
                for (String member = parser.nextFieldName(); member != null; member = parser.nextFieldName()) {
                    generator.writeFieldName(SafeText.storable(member));
                    value(parser.nextToken(), member, caps.getOrDefault(member, UpstreamBody.MAX_ELEMENTS));
                }
                generator.writeEndObject();
            }
            case START_ARRAY -> {
                generator.writeStartArray();
                int kept = 0;
                for (JsonToken element = parser.nextToken(); element != JsonToken.END_ARRAY; element = parser.nextToken()) {
                    if (kept++ < elements) {
                        value(element, null, UpstreamBody.MAX_ELEMENTS);
                    } else {
                        parser.skipChildren();
                    }
                }
                generator.writeEndArray();
            }
            case VALUE_STRING -> {
                String text = SafeText.storable(parser.getText());
                UnaryOperator<String> rewrite = name == null ? null : rewrites.get(name);
                generator.writeString(rewrite == null ? text : rewrite.apply(text));
            }
            default -> generator.copyCurrentEvent(parser);
        }
    }
}
