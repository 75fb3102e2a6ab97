package org.submission.doi.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What the service changes in a registry answer before caching and handing it on (module
 * README): every string made storable ({@link UpstreamText#storable}), the lists the service
 * does work per element for cut to their caps, and an abstract with markup as safe HTML.
 */
final class RegistryWork {

    /** Characters of an abstract; a longer one is cut there and read as HTML. */
    static final int MAX_ABSTRACT = 100_000;
    /** Authors kept; the largest collaborations sign about 5,000 papers' worth of names. */
    static final int MAX_AUTHORS = 10_000;

    private RegistryWork() {
    }

    /** The answer, normalised in place: CPU work proportional to its size, for a worker thread. */
    static ObjectNode normalised(ObjectNode work) {
        UpstreamJson.makeStorable(work);
        if (work.get("message") instanceof ObjectNode message) {
            UpstreamJson.truncate(message.get("ISSN"), JournalCandidate.MAX_ISSNS);
            UpstreamJson.truncate(message.get("issn-type"), JournalCandidate.MAX_ISSNS);
            UpstreamJson.truncate(message.get("author"), MAX_AUTHORS);
            JsonNode summary = message.get("abstract");
            if (summary != null && summary.isTextual() && summary.asText().indexOf('<') >= 0) {
                message.put("abstract", htmlAbstract(summary.asText()));
            }
        }
        return work;
    }

    /** The safe HTML of an abstract; one over the cap is cut and read as HTML (JATS keeps its text, not its structure). */
    static String htmlAbstract(String text) {
        return text.length() > MAX_ABSTRACT ? SafeHtml.fromHtml(text.substring(0, MAX_ABSTRACT)) : SafeHtml.ofAbstract(text);
    }
}
