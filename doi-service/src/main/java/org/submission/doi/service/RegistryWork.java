package org.submission.doi.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** What the service changes in a registry answer before handing it on: only an abstract with markup. */
final class RegistryWork {

    private RegistryWork() {
    }

    /** The answer with {@code message.abstract} as safe HTML when it holds any markup (changed in place). */
    static ObjectNode withHtmlAbstract(ObjectNode work) {
        if (work.get("message") instanceof ObjectNode message) {
            JsonNode summary = message.get("abstract");
            if (summary != null && summary.isTextual() && summary.asText().indexOf('<') >= 0) {
                message.put("abstract", SafeHtml.ofAbstract(summary.asText()));
            }
        }
        return work;
    }
}
