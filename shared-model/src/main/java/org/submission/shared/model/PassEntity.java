package org.submission.shared.model;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.SequenceGenerator;

/**
 * Every PASS record takes its id from the one global {@code hibernate_sequence}, so ids are
 * unique across tables. Existing PASS databases increment that sequence by one, hence an
 * allocation size of one: a pooled optimiser would hand out ids another PASS writer also uses.
 */
@MappedSuperclass
public abstract class PassEntity extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "pass_sequence")
    @SequenceGenerator(name = "pass_sequence", sequenceName = "hibernate_sequence", allocationSize = 1)
    public Long id;
}
