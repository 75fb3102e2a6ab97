package org.submission.platform.reload;

/**
 * A file (or folder) that its parser will not take, with the line it stopped at (0 when the
 * reason concerns no one line) and why: the operator's one line to act on.
 */
public final class RejectedFile extends RuntimeException {

    private final int line;
    private final String reason;

    public RejectedFile(int line, String reason) {
        super(line > 0 ? "line " + line + ": " + reason : reason, null, false, false);
        this.line = line;
        this.reason = reason;
    }

    public int line() {
        return line;
    }

    public String reason() {
        return reason;
    }

    /** "{@code <where>}, line N: reason", as the start refusal, the readiness detail and the log say it. */
    public String describe(Object where) {
        return where + (line > 0 ? ", line " + line : "") + ": " + reason;
    }
}
