package org.submission.shared.model;

import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;

/**
 * Every PASS record takes its id from the one global {@code hibernate_sequence} ({@link PassId}),
 * so ids are unique across tables. Entities are read and written through repositories
 * ({@code PanacheRepository}), never as active records.
 */
@MappedSuperclass
public abstract class PassEntity {

    @Id
    @PassId
    public Long id;
}
