package org.submission.schema.store;

/** A schema shipped with the service is broken: the build is faulty and the service must not start. */
public class InvalidBundledSchemaException extends IllegalStateException {

    public InvalidBundledSchemaException(String message) {
        super(message);
    }
}
