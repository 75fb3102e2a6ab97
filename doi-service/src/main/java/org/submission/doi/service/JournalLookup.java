package org.submission.doi.service;

/** The outcome of a journal lookup: the Journal record's id and the registry's work, normalised, as JSON text. */
public record JournalLookup(long journalId, String work) {
}
