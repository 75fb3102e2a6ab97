package org.submission.doi.client;

import java.util.concurrent.TimeoutException;

/**
 * What went wrong with one upstream call, before it is turned into an answer status. The kind
 * decides whether the call is retried and whether it counts against the circuit breaker.
 */
public final class UpstreamFailure extends RuntimeException {

    public enum Kind {
        /** The upstream does not know the DOI (404). */
        NOT_FOUND(false, false),
        /** 429: the upstream asks us to slow down. */
        RATE_LIMITED(false, false),
        /** Another 4xx: our request was refused; asking again would not help. */
        REFUSED(false, false),
        /** 5xx: the upstream is in trouble. */
        SERVER_ERROR(true, true),
        /** Refused, reset or closed connection. */
        CONNECTION(true, true),
        /** A 2xx whose body is not a JSON object. */
        BAD_BODY(false, false),
        /** An attempt's read timeout or the overall deadline passed. */
        TIMEOUT(false, true);

        final boolean retried;
        final boolean tripsCircuit;

        Kind(boolean retried, boolean tripsCircuit) {
            this.retried = retried;
            this.tripsCircuit = tripsCircuit;
        }
    }

    private final Kind kind;
    private final int status;
    private final String retryAfter;

    UpstreamFailure(Kind kind, int status, String retryAfter, String detail, Throwable cause) {
        super(detail, cause, false, false);
        this.kind = kind;
        this.status = status;
        this.retryAfter = retryAfter;
    }

    static UpstreamFailure status(int status, String retryAfter) {
        Kind kind = status == 404 ? Kind.NOT_FOUND
                : status == 429 ? Kind.RATE_LIMITED
                : status >= 500 ? Kind.SERVER_ERROR
                : Kind.REFUSED;
        return new UpstreamFailure(kind, status, retryAfter, "status " + status, null);
    }

    static UpstreamFailure badBody(String detail) {
        return new UpstreamFailure(Kind.BAD_BODY, 200, null, detail, null);
    }

    static UpstreamFailure deadline() {
        return new UpstreamFailure(Kind.TIMEOUT, 0, null, "deadline passed", null);
    }

    /** A failure of the HTTP exchange itself (no status). */
    static UpstreamFailure transport(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof TimeoutException) {
                return new UpstreamFailure(Kind.TIMEOUT, 0, null, "read timeout", cause);
            }
        }
        return new UpstreamFailure(Kind.CONNECTION, 0, null, String.valueOf(cause), cause);
    }

    public Kind kind() {
        return kind;
    }

    public int status() {
        return status;
    }

    /** The upstream's Retry-After header of a 429, when it sent one. */
    public String retryAfter() {
        return retryAfter;
    }

    static boolean retried(Throwable failure) {
        return failure instanceof UpstreamFailure f && f.kind.retried;
    }

    static boolean tripsCircuit(Throwable failure) {
        return failure instanceof UpstreamFailure f && f.kind.tripsCircuit;
    }
}
