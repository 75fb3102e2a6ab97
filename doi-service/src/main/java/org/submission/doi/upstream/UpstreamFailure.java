package org.submission.doi.upstream;

import io.vertx.core.http.ConnectionPoolTooBusyException;
import java.util.concurrent.TimeoutException;

/**
 * What went wrong with one upstream attempt, before it is turned into an answer status. The kind
 * decides whether the attempt is retried and whether it counts against the circuit breaker.
 */
public final class UpstreamFailure extends RuntimeException {

    public enum Kind {
        /** The upstream does not know the DOI (404). */
        NOT_FOUND(false, false),
        /** 429, or 503 with Retry-After: the upstream asks us to slow down. */
        RATE_LIMITED(false, false),
        /** A 3xx: redirects are never followed, wherever they point. */
        REDIRECTED(false, false),
        /** Another 4xx: our request was refused; asking again would not help. */
        REFUSED(false, false),
        /** 5xx: the upstream is in trouble. */
        SERVER_ERROR(true, true),
        /** Refused, reset or closed connection. */
        CONNECTION(true, true),
        /** A 2xx whose body is not a JSON object, or one beyond what is read ({@link BoundedTree}). */
        BAD_BODY(false, false),
        /** A body above the configured cap; the connection is dropped once the cap is passed. */
        TOO_LARGE(false, false),
        /**
         * Every connection to the upstream is taken and the wait queue is full, or an attempt kept
         * missing its turn under the rate: our own limit, not the upstream's fault.
         */
        BUSY(false, false),
        /** An attempt's read timeout passed. */
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

    private UpstreamFailure(Kind kind, int status, String retryAfter, String detail, Throwable cause) {
        super(detail, cause, false, false);
        this.kind = kind;
        this.status = status;
        this.retryAfter = retryAfter;
    }

    /**
     * For an answer whose status is not 2xx; the HTTP client reports a connection lost before any
     * status as 0. A 503 with Retry-After asks for a pause like a 429, so it is neither retried
     * nor counted against the circuit.
     */
    static UpstreamFailure status(int status, String retryAfter) {
        Kind kind = status < 100 ? Kind.CONNECTION
                : status == 404 ? Kind.NOT_FOUND
                : status == 429 || status == 503 && retryAfter != null ? Kind.RATE_LIMITED
                : status >= 300 && status < 400 ? Kind.REDIRECTED
                : status >= 500 ? Kind.SERVER_ERROR
                : Kind.REFUSED;
        return new UpstreamFailure(kind, status, retryAfter, "status " + status, null);
    }

    static UpstreamFailure badBody(String detail) {
        return new UpstreamFailure(Kind.BAD_BODY, 200, null, detail, null);
    }

    static UpstreamFailure tooLarge(long cap) {
        return new UpstreamFailure(Kind.TOO_LARGE, 200, null, "body over " + cap + " bytes", null);
    }

    /** An attempt held up past its turn under the rate more often than it may take a new one. */
    static UpstreamFailure late() {
        return new UpstreamFailure(Kind.BUSY, 0, null, "held up past its turn", null);
    }

    /** Any failure of an attempt: ours as it is (however the HTTP client wrapped it), or a transport failure. */
    static UpstreamFailure of(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof UpstreamFailure upstream) {
                return upstream;
            }
            if (t instanceof TimeoutException) {
                return new UpstreamFailure(Kind.TIMEOUT, 0, null, "read timeout", failure);
            }
            if (t instanceof ConnectionPoolTooBusyException) {
                return new UpstreamFailure(Kind.BUSY, 0, null, "connection pool busy", failure);
            }
        }
        return new UpstreamFailure(Kind.CONNECTION, 0, null, String.valueOf(failure), failure);
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
