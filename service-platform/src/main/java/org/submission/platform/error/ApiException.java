package org.submission.platform.error;

import java.util.Map;

/**
 * A failure with an HTTP status and a message a person can act on. Services fail their
 * {@code Uni} with it; {@link ErrorMappers} turns it into the JSON error answer. Every status the
 * services answer has its named constructor here, so the statuses in use read in one place.
 */
public class ApiException extends RuntimeException {

    private final int status;
    private final Map<String, String> headers;

    private ApiException(int status, String message) {
        this(status, message, Map.of());
    }

    private ApiException(int status, String message, Map<String, String> headers) {
        super(message, null, false, false);
        this.status = status;
        this.headers = headers;
    }

    public static ApiException badRequest(String message) { return new ApiException(400, message); }
    public static ApiException forbidden(String message) { return new ApiException(403, message); }
    public static ApiException notFound(String message) { return new ApiException(404, message); }
    public static ApiException conflict(String message) { return new ApiException(409, message); }
    /** The request body is not of a media type the endpoint reads. */
    public static ApiException unsupportedMediaType(String message) { return new ApiException(415, message); }
    /** Well-formed, but not enough to act on. */
    public static ApiException unprocessable(String message) { return new ApiException(422, message); }
    /** An upstream answered, or failed, in a way this service cannot pass on. */
    public static ApiException badGateway(String message) { return new ApiException(502, message); }
    /** An upstream did not answer in time. */
    public static ApiException gatewayTimeout(String message) { return new ApiException(504, message); }

    /** The same work is already under way; retry after the given seconds. */
    public static ApiException tooManyRequests(String message, int retryAfterSeconds) {
        return new ApiException(429, message, Map.of("Retry-After", String.valueOf(retryAfterSeconds)));
    }

    public static ApiException unavailable(String message, int retryAfterSeconds) {
        return new ApiException(503, message, Map.of("Retry-After", String.valueOf(retryAfterSeconds)));
    }

    public int status() {
        return status;
    }

    public Map<String, String> headers() {
        return headers;
    }
}
