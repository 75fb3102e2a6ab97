package org.submission.schema.service.survey;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * One presence condition a blob must meet: at least one of the {@code present} keys is there, or
 * at least one of the {@code absent} keys is not. {@code required: [k]} is the clause {@code {k}};
 * {@code dependencies: {a: [b]}} is {@code {b} or not {a}}.
 */
record Clause(Set<String> present, Set<String> absent) {

    /** Keeps the keys in the order the schema names them, so derived expressions are stable. */
    Clause {
        present = Collections.unmodifiableSet(new LinkedHashSet<>(present));
        absent = Collections.unmodifiableSet(new LinkedHashSet<>(absent));
    }

    static Clause present(String key) {
        return new Clause(Set.of(key), Set.of());
    }

    /** This clause or the other: either's keys satisfy it. */
    Clause or(Clause other) {
        Set<String> p = new LinkedHashSet<>(present);
        p.addAll(other.present);
        Set<String> a = new LinkedHashSet<>(absent);
        a.addAll(other.absent);
        return new Clause(p, a);
    }

    /** "k present or k absent" holds for every blob. */
    boolean alwaysHolds() {
        return present.stream().anyMatch(absent::contains);
    }

    /** Every blob meeting this clause meets the other one too. */
    boolean implies(Clause other) {
        return other.present.containsAll(present) && other.absent.containsAll(absent);
    }

    /** A single key that must be there whatever else the blob holds. */
    boolean isPlainRequirement() {
        return present.size() == 1 && absent.isEmpty();
    }
}
