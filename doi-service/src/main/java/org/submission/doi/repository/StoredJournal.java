package org.submission.doi.repository;

import java.util.List;

/** A pass_journal row as find-or-create reads it: its fields and its ISSNs, read-only. */
public record StoredJournal(long id, String name, String nlmta, String pmcParticipation, List<String> issns) {
}
