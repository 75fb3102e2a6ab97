package org.submission.schema.store;

/** Why a stored document cannot be used: malformed, not draft-07, or a {@code $ref} that cannot be resolved. */
public class SchemaProblem extends Exception {

    public SchemaProblem(String message) {
        super(message, null, false, false);
    }
}
