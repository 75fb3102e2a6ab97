package org.submission.policy.rest;

import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.submission.platform.error.ApiException;

/**
 * Reads {@code submission} and {@code explain}, refusing anything ambiguous with a 400: what
 * RESTEasy's own conversion cannot (it answers an unconvertible query parameter with 404 and
 * takes one of repeated values), so the parameters reach here as text ({@link PolicyQuery}).
 */
final class RequestParameters {

    private static final String HINT = " Send the numeric id of a Submission, e.g. submission=42.";

    private RequestParameters() {
    }

    /** The submission id: exactly one value of ASCII digits that fits a 64-bit id. */
    static long submission(List<String> values) {
        String value = single("submission", values);
        if (value == null || value.isEmpty()) {
            throw ApiException.badRequest("Parameter 'submission' is required." + HINT);
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                throw ApiException.badRequest("Parameter 'submission' must be a decimal integer." + HINT);
            }
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("Parameter 'submission' is out of range: ids go up to " + Long.MAX_VALUE + ".");
        }
    }

    /** {@code explain}: absent, empty or {@code false} = no reasons, {@code true} = reasons (any case). */
    static boolean explain(List<String> values) {
        String value = single("explain", values);
        if (value == null || value.isEmpty()) {
            return false;
        }
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw ApiException.badRequest("Parameter 'explain' must be true or false.");
        };
    }

    /**
     * Whether a POST body is a form. RESTEasy also routes a POST without Content-Type, or with
     * application/octet-stream, to the form method, so it is checked there again.
     */
    static boolean isForm(String contentType) {
        if (contentType == null) {
            return false;
        }
        int parameters = contentType.indexOf(';');
        String type = (parameters < 0 ? contentType : contentType.substring(0, parameters)).trim();
        return type.equalsIgnoreCase(MediaType.APPLICATION_FORM_URLENCODED);
    }

    /** Both lists together: the POST variant accepts a parameter in the body or the query string. */
    static List<String> either(List<String> body, List<String> query) {
        List<String> all = new ArrayList<>();
        if (body != null) {
            all.addAll(body);
        }
        if (query != null) {
            all.addAll(query);
        }
        return all;
    }

    private static String single(String name, List<String> values) {
        if (values == null || values.isEmpty()) {
            return null;
        }
        if (values.size() > 1) {
            throw ApiException.badRequest("Parameter '" + name + "' was given " + values.size() + " times; give it once.");
        }
        return values.get(0);
    }
}
