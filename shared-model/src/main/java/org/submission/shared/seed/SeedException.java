package org.submission.shared.seed;

/** A seed file that cannot be loaded; the message names the record and the field at fault. */
public class SeedException extends RuntimeException {

    public SeedException(String message) {
        super(message);
    }

    public SeedException(String message, Throwable cause) {
        super(message, cause);
    }
}
