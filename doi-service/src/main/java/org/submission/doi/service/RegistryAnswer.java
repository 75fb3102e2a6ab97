package org.submission.doi.service;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A registry work as the service keeps and answers it: its normalised JSON text and the journal
 * it names. Text, not a tree: a tree of 10,000 authors holds about eight times the heap of its
 * text, and the journal answer writes the text as it is.
 */
public record RegistryAnswer(String json, JournalCandidate journal) {

    /** The answer of a work's text as the registry client gives it: its journal is read from it. */
    static RegistryAnswer of(String json, ObjectMapper mapper) {
        return new RegistryAnswer(json, RegistryWork.journal(json, mapper));
    }

    /**
     * The form the shared cache keeps, {@code [journal, work]}: read back, only the journal is
     * parsed (walking 2 MB of a work's tokens took 20-45 ms, and it happens on an event loop), and
     * an older version, which kept the work alone, finds no object in it and asks again.
     */
    String stored(ObjectMapper mapper) {
        ObjectNode candidate = mapper.createObjectNode().put("name", journal.name());
        journal.issns().forEach(candidate.putArray("issns")::add);
        return "[" + candidate + "," + json + "]";
    }

    /** The answer the shared cache kept ({@link #stored}); anything else is unreadable. */
    static RegistryAnswer ofStored(String body, ObjectMapper mapper) {
        try (JsonParser parser = mapper.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_ARRAY || parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a stored registry answer");
            }
            JsonNode candidate = parser.readValueAsTree();
            int comma = (int) parser.currentLocation().getCharOffset();
            if (comma >= body.length() - 2 || body.charAt(comma) != ',' || body.charAt(body.length() - 1) != ']') {
                throw new IOException("not a stored registry answer");
            }
            List<String> issns = new ArrayList<>();
            candidate.path("issns").forEach(issn -> issns.add(issn.asText()));
            JsonNode name = candidate.path("name");
            return new RegistryAnswer(body.substring(comma + 1, body.length() - 1),
                    new JournalCandidate(name.isTextual() ? name.asText() : null, issns));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The heap the answer holds, at most: a character of a {@link String} takes one or two bytes. */
    long bytes() {
        return 2L * json.length() + 64L * (1 + journal.issns().size());
    }
}
