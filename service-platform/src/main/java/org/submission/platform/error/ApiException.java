package org.submission.platform.error;

import java.util.Map;

/**
 * A failure with an HTTP status and a message a person can act on. Services fail their
 * {@code Uni} with it; {@link ErrorMappers} turns it into the JSON error answer.
 */
public class ApiException extends RuntimeException {

    private final int status;
    private final Map<String, String> headers;

    public ApiException(int status, String message) {
        this(status, message, Map.of());
    }

    public ApiException(int status, String message, Map<String, String> headers) {
        super(message, null, false, false);
        this.status = status;
        this.headers = headers;
    }

    public static ApiException badRequest(String message) {
        return new ApiException(400, message);
    }

    public static ApiException forbidden(String message) {
        return new ApiException(403, message);
    }

    public static ApiException notFound(String message) {
        return new ApiException(404, message);
    }

    public static ApiException conflict(String message) {
        return new ApiException(409, message);
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
