package org.submission.policy.rest;

import jakarta.ws.rs.core.UriInfo;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.submission.platform.error.ApiException;

/**
 * The POST variant's parameters: the form body, then the query string. The body is decoded here
 * rather than through {@code @RestForm} or {@code @FormParam} because RESTEasy Reactive's form
 * decoder throws a bare {@code IllegalArgumentException} on a malformed escape ({@code submission=%ZZ}),
 * which reaches the error mappers as an unexpected failure: a 500 with a logged stack trace, where
 * this answers 400 ({@code AccessAndErrorsTest}; tried with {@code @RestForm} on Quarkus 3.34.1, and
 * on earlier versions the request was not answered at all). A form body is ASCII, so its charset parameter does not matter; escapes are UTF-8.
 */
record FormRequest(long submission, boolean explain) {

    static FormRequest of(String contentType, byte[] body, UriInfo uri) {
        if (!RequestParameters.isForm(contentType)) {
            throw ApiException.unsupportedMediaType("Send the POST body as application/x-www-form-urlencoded (submission=<id>).");
        }
        Map<String, List<String>> fields = decode(body == null ? "" : new String(body, StandardCharsets.ISO_8859_1));
        // the query string is read through UriInfo: declared query parameters named like the form
        // fields would be merged with them by the OpenAPI generator
        Map<String, List<String>> query = uri.getQueryParameters();
        return new FormRequest(
                RequestParameters.submission(RequestParameters.either(fields.get("submission"), query.get("submission"))),
                RequestParameters.explain(RequestParameters.either(fields.get("explain"), query.get("explain"))));
    }

    static Map<String, List<String>> decode(String body) {
        Map<String, List<String>> fields = new HashMap<>();
        for (String pair : body.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String name = equals < 0 ? pair : pair.substring(0, equals);
            String value = equals < 0 ? "" : pair.substring(equals + 1);
            try {
                fields.computeIfAbsent(URLDecoder.decode(name, StandardCharsets.UTF_8), n -> new ArrayList<>())
                        .add(URLDecoder.decode(value, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                throw ApiException.badRequest("The form body is not valid application/x-www-form-urlencoded:"
                        + " a % must be followed by two hexadecimal digits.");
            }
        }
        return fields;
    }
}
