package org.submission.doi.service;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** The outcome of a journal lookup: the Journal record's id and the registry's work, normalised. */
public record JournalLookup(long journalId, ObjectNode work) {
}
