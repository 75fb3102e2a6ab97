package org.submission.schema.repository;

import java.util.List;

/** The only part of a Repository record the schema service reads: its schema URIs, in order. */
public record RepositorySchemas(Long id, List<String> schemas) {
}
