package org.submission.doi.service;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.submission.doi.client.RegistryClient;

/**
 * What the service changes in a registry answer before caching and handing it on (module
 * README), and the journal it names. The client copies the answer to text as it reads it, its
 * lists cut and its strings storable ({@link RegistryClient}), with {@link #REWRITES} applied: an
 * abstract with markup becomes safe HTML. No tree of the work is built.
 */
final class RegistryWork {

    /** Characters of an abstract; a longer one is cut there and read as HTML. */
    static final int MAX_ABSTRACT = 30_000;
    /** What the registry client rewrites as it copies a work. */
    static final Map<String, UnaryOperator<String>> REWRITES = Map.of("abstract", RegistryWork::safeAbstract);
    /** The members of {@code message} the journal candidate is made of. */
    private static final Set<String> JOURNAL_MEMBERS = Set.of("container-title", "ISSN", "issn-type");

    private RegistryWork() {
    }

    /** An abstract as safe HTML when it holds markup; one without is left as it is. */
    static String safeAbstract(String text) {
        return text.indexOf('<') < 0 ? text : htmlAbstract(text);
    }

    /** The safe HTML of an abstract; one over the cap is cut and read as HTML (JATS keeps its text, not its structure). */
    static String htmlAbstract(String text) {
        return text.length() > MAX_ABSTRACT ? SafeHtml.fromHtml(text.substring(0, MAX_ABSTRACT)) : SafeHtml.ofAbstract(text);
    }

    /**
     * The journal a work's text names: only the journal's members of its {@code message} are
     * parsed, the rest is skipped (a fraction of a millisecond per 100 KB).
     */
    static JournalCandidate journal(String work, ObjectMapper mapper) {
        ObjectNode message = mapper.createObjectNode();
        try (JsonParser parser = mapper.createParser(work)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a JSON object");
            }
            for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
                if (parser.nextToken() == JsonToken.START_OBJECT && name.equals("message")) {
                    for (String member = parser.nextFieldName(); member != null; member = parser.nextFieldName()) {
                        parser.nextToken();
                        if (JOURNAL_MEMBERS.contains(member)) {
                            message.set(member, parser.readValueAsTree());
                        } else {
                            parser.skipChildren();
                        }
                    }
                } else {
                    parser.skipChildren();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return JournalCandidate.fromWork(mapper.createObjectNode().set("message", message));
    }
}
