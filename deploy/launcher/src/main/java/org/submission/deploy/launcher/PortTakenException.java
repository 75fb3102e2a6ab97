package org.submission.deploy.launcher;

/** A port the stack needs is taken: nothing was started. */
public class PortTakenException extends LaunchException {

    public PortTakenException(String message) {
        super(message);
    }
}
