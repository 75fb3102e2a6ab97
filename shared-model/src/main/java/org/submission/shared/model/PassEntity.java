package org.submission.shared.model;

import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;

/**
 * A PASS record. Its columns are named after its fields, which PostgreSQL lower-cases
 * ({@code firstName} is column {@code firstname}, a to-one field {@code pi} is {@code pi_id}), so
 * only tables, join tables and collection tables are named. Every record takes its id from the
 * one global {@code hibernate_sequence} ({@link PassId}), so ids are unique across tables.
 * Entities are read and written through repositories ({@code PanacheRepository}), never as
 * active records.
 */
@MappedSuperclass
public abstract class PassEntity {

    @Id
    @PassId
    public Long id;
}
