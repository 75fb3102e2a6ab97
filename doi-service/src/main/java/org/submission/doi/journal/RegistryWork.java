package org.submission.doi.journal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A registry work as the service keeps and answers it: its normalised JSON text (as the registry
 * client copies it: lists cut, strings storable, the abstract safe HTML) and the journal it names.
 * Text, not a tree: a tree of 10,000 authors holds about eight times the heap of its text, and the
 * journal answer writes the text as it is.
 */
public record RegistryWork(String json, JournalCandidate journal) {

    /** The members of {@code message} the journal candidate is made of. */
    private static final Set<String> JOURNAL_MEMBERS = Set.of("container-title", "ISSN", "issn-type");

    /** The work of a text as the registry client gives it: its journal is read from it. */
    static RegistryWork of(String json, ObjectMapper mapper) {
        return of(json, mapper, new HashSet<>());
    }

    /** As {@link #of(String, ObjectMapper)}, adding the names of the {@code message} members to {@code members}. */
    static RegistryWork of(String json, ObjectMapper mapper, Set<String> members) {
        return new RegistryWork(json, journal(json, mapper, members));
    }

    /**
     * The journal a work's text names: only the journal's members of its {@code message} are
     * parsed, the rest is skipped (a fraction of a millisecond per 100 KB).
     */
    static JournalCandidate journal(String work, ObjectMapper mapper) {
        return journal(work, mapper, new HashSet<>());
    }

    private static JournalCandidate journal(String work, ObjectMapper mapper, Set<String> members) {
        ObjectNode message = mapper.createObjectNode();
        eachMessageMember(work, mapper, (member, parser) -> {
            members.add(member);
            if (JOURNAL_MEMBERS.contains(member)) {
                message.set(member, parser.readValueAsTree());
            } else {
                parser.skipChildren();
            }
        });
        return JournalCandidate.fromWork(mapper.createObjectNode().set("message", message));
    }

    /** Reads one member of a work's {@code message}: the parser is on its value's first token, which it consumes. */
    interface MemberReader {
        void read(String member, JsonParser parser) throws IOException;
    }

    /** Streams a work's text: each member of its {@code message} to {@code reader}, the rest skipped. */
    static void eachMessageMember(String work, ObjectMapper mapper, MemberReader reader) {
        try (JsonParser parser = mapper.createParser(work)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a JSON object");
            }
            for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
                if (parser.nextToken() == JsonToken.START_OBJECT && name.equals("message")) {
                    for (String member = parser.nextFieldName(); member != null; member = parser.nextFieldName()) {
                        parser.nextToken();
                        reader.read(member, parser);
                    }
                } else {
                    parser.skipChildren();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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

    /** The work the shared cache kept ({@link #stored}); anything else is unreadable. */
    static RegistryWork ofStored(String body, ObjectMapper mapper) {
        try (JsonParser parser = mapper.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_ARRAY || parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a stored registry work");
            }
            JsonNode candidate = parser.readValueAsTree();
            int comma = (int) parser.currentLocation().getCharOffset();
            if (comma >= body.length() - 2 || body.charAt(comma) != ',' || body.charAt(body.length() - 1) != ']') {
                throw new IOException("not a stored registry work");
            }
            List<String> issns = new ArrayList<>();
            candidate.path("issns").forEach(issn -> issns.add(issn.asText()));
            JsonNode name = candidate.path("name");
            return new RegistryWork(body.substring(comma + 1, body.length() - 1),
                    new JournalCandidate(name.isTextual() ? name.asText() : null, issns));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The heap the work holds, at most: a character of a {@link String} takes one or two bytes. */
    long bytes() {
        return 2L * json.length() + 64L * (1 + journal.issns().size());
    }
}
