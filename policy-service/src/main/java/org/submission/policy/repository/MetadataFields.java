package org.submission.policy.repository;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * What was read from a submission's metadata JSON: the top-level text fields asked for, each at
 * most {@link #MAX_VALUE_CHARS} long, instead of the text itself, so that a kept graph holds a few
 * short strings whatever the submitter wrote.
 *
 * @param read the names looked for; a name read but absent from {@code values} has no usable value
 * @param values the text of each found field, by name
 */
public record MetadataFields(Set<String> read, Map<String, String> values) {

    /** Nothing read: the graph was loaded without what policy rules read. */
    public static final MetadataFields NONE = new MetadataFields(Set.of(), Map.of());

    /** Longer than the longest DOI the DOI service takes (1024), and far longer than any date: longer counts as absent. */
    public static final int MAX_VALUE_CHARS = 1024;

    // field names are not interned: a document of many distinct names would otherwise fill the
    // factory's symbol table and cost ten times the parse
    private static final JsonFactory JSON = JsonFactory.builder().disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES)
            .disable(JsonFactory.Feature.INTERN_FIELD_NAMES).build();

    /**
     * The fields of the text, read with a streaming parser that stops once each name is found (the
     * first occurrence counts) and never builds a tree. Text that is not a JSON object, malformed
     * before the fields are found, or nested past the parser's limit gives no values.
     */
    public static MetadataFields read(String text, Set<String> names) {
        if (text == null || names.isEmpty()) {
            return new MetadataFields(names, Map.of());
        }
        Map<String, String> found = new HashMap<>();
        try (JsonParser parser = JSON.createParser(text)) {
            if (parser.nextToken() == JsonToken.START_OBJECT) {
                while (found.size() < names.size() && parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    JsonToken value = parser.nextToken();
                    if (value == JsonToken.VALUE_STRING && names.contains(name) && !found.containsKey(name)) {
                        if (parser.getTextLength() <= MAX_VALUE_CHARS) {
                            found.put(name, parser.getText());
                        }
                    } else {
                        parser.skipChildren();
                    }
                }
            }
        } catch (IOException malformed) {
            return new MetadataFields(names, Map.of());
        }
        return new MetadataFields(names, Map.copyOf(found));
    }

    /** Every top-level text field of the text: for a graph built by hand, whatever names its rules read. */
    static MetadataFields readAll(String text) {
        Map<String, String> found = new HashMap<>();
        try (JsonParser parser = JSON.createParser(text == null ? "" : text)) {
            if (parser.nextToken() == JsonToken.START_OBJECT) {
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    if (parser.nextToken() == JsonToken.VALUE_STRING && parser.getTextLength() <= MAX_VALUE_CHARS) {
                        found.putIfAbsent(name, parser.getText());
                    }
                    parser.skipChildren();
                }
            }
        } catch (IOException malformed) {
            return NONE;
        }
        return new MetadataFields(Set.copyOf(found.keySet()), Map.copyOf(found));
    }

    /** The field's text, or null when it is absent, not a string, or too long. */
    public String text(String name) {
        return values.get(name);
    }

    /** Whether every one of the names was looked for, so that an absent value means the field is absent. */
    public boolean covers(Collection<String> names) {
        return read.containsAll(names);
    }

    /** Its heap, roughly, as the graph cache weighs it: strings at two bytes a character. */
    public long bytes() {
        long bytes = 64;
        for (String name : read) {
            bytes += 48 + 2L * name.length();
        }
        for (String value : values.values()) {
            bytes += 48 + 2L * value.length();
        }
        return bytes;
    }
}
