package org.submission.schema.store;

/** Why a stored document cannot be used: malformed, not draft-07, or a {@code $ref} that cannot be resolved. */
public class SchemaProblem extends Exception {

    private final String kind;

    public SchemaProblem(String message) {
        this(null, message);
    }

    /** {@code kind}: the kind of problem only, quoting nothing, for the public readiness answer; null for the general one. */
    public SchemaProblem(String kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    String kind() {
        return kind;
    }
}
