package org.submission.schema.repository;

import java.util.List;

/** A Repository record as the workbench lists it: id, name and schema URIs. */
public record RepositoryListing(Long id, String name, List<String> schemas) {
}
