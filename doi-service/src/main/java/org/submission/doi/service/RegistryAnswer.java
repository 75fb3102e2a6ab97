package org.submission.doi.service;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A registry work as the service keeps and answers it: its normalised JSON text and the journal
 * it names. Text, not a tree: a tree of 10,000 authors holds about ten times the heap of its
 * text, and the journal answer writes the text as it is.
 */
public record RegistryAnswer(String json, JournalCandidate journal) {

    /** The answer of a work's text as the registry client gives it, or as the shared cache keeps it. */
    static RegistryAnswer of(String json, ObjectMapper mapper) {
        return new RegistryAnswer(json, RegistryWork.journal(json, mapper));
    }

    /** The heap the answer holds, at most: a character of a {@link String} takes one or two bytes. */
    long bytes() {
        return 2L * json.length() + 64L * (1 + journal.issns().size());
    }
}
