package org.submission.deploy.launcher;

/** A reason the local stack cannot start, worded for the person who typed the command. */
public class LaunchException extends Exception {

    public LaunchException(String message) {
        super(message);
    }

    public LaunchException(String message, Throwable cause) {
        super(message, cause);
    }
}
