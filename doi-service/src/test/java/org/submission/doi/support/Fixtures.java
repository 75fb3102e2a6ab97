package org.submission.doi.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.UUID;

/** The project's upstream payloads (src/test/resources/upstream) and variants built from them. */
public final class Fixtures {

    public static final ObjectMapper JSON = new ObjectMapper();
    public static final String ARTICLE_DOI = "10.5555/jss.2023.0412";
    public static final String ARTICLE_JOURNAL = "Journal of Submission Studies";

    private Fixtures() {
    }

    public static String text(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/upstream/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static ObjectNode json(String name) {
        try {
            return (ObjectNode) JSON.readTree(text(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A DOI no other test uses, so that neither the cache nor the in-flight mark is shared. */
    public static String newDoi() {
        return "10.5555/t." + UUID.randomUUID().toString().substring(0, 13);
    }

    /**
     * The article fixture as another work: its DOI, journal name (null: none) and ISSNs, each
     * written {@code print:v}, {@code electronic:v} or plain {@code v} (listed in ISSN only).
     */
    public static String work(String doi, String journalName, String... issns) {
        ObjectNode work = json("work-article.json");
        ObjectNode message = (ObjectNode) work.get("message");
        message.put("DOI", doi);
        ArrayNode title = message.putArray("container-title");
        if (journalName != null) {
            title.add(journalName);
        }
        ArrayNode typed = message.putArray("issn-type");
        Set<String> values = new LinkedHashSet<>();
        for (String issn : issns) {
            int colon = issn.indexOf(':');
            String value = issn.substring(colon + 1);
            values.add(value);
            if (colon > 0) {
                typed.addObject().put("value", value).put("type", issn.substring(0, colon));
            }
        }
        ArrayNode plain = message.putArray("ISSN");
        values.forEach(plain::add);
        return work.toString();
    }

    public static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
