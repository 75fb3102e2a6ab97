package org.submission.platform.error;

/**
 * The one table of the messages an error status gets when no more specific message is known:
 * both the exception mappers (RESTEasy) and the router's handlers (the HTTP layer) use it.
 */
public final class ErrorMessages {

    public static final String UNAUTHENTICATED = "Authentication required: send valid credentials.";
    public static final String DATABASE_UNAVAILABLE = "The database is unavailable; try again shortly.";

    private ErrorMessages() {
    }

    public static String forStatus(int status) {
        return switch (status) {
            case 400 -> "Malformed request: check the URL, its escapes (%XX) and the body.";
            case 401 -> UNAUTHENTICATED;
            case 403 -> "You are not allowed to do this.";
            case 406 -> "This resource answers application/json only.";
            case 413 -> "The request body is too large.";
            case 414 -> "The request URL is too long.";
            case 415 -> "Unsupported content type.";
            case 431 -> "The request headers are too large.";
            case 503 -> "The service is unavailable; try again shortly.";
            default -> status >= 500 ? "Internal server error." : "Request failed.";
        };
    }

    public static String noResource(String path) {
        return "No resource at " + path;
    }

    public static String methodNotAllowed(String method, String path) {
        return "Method " + method + " is not allowed on " + path;
    }
}
