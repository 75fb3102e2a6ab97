package org.submission.policy.service;

import java.util.List;

/** The repositories of a submission, both lists ordered by id (answered as {@code rest.RepositoryChoiceBody}). */
public record RepositoryChoice(List<RepositoryEntry> required, List<RepositoryEntry> optional) {
}
