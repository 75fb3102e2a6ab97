package org.submission.schema.service;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.everit.json.schema.ValidationException;
import org.submission.schema.store.Json;
import org.submission.schema.store.StoredSchema;

/**
 * Validates a metadata blob as a client does (README, {@code POST /schemaservice/validate}): against
 * each schema, unmodified, with
 * everit-json-schema. Failures are flattened to their causes; an anyOf/oneOf failure is one error
 * (its alternatives are no separate faults) whose message lists why each alternative failed.
 */
public final class BlobValidator {

    /** An answer lists at most this many errors, so it stays small whatever the blob (a 450 KB blob once gave 15 MB). */
    public static final int MAX_ERRORS = 100;
    /** A pointer or message quotes the blob (an unexpected key, a value outside an enum): cut it beyond this length. */
    static final int MAX_TEXT = 300;

    /** everit's messages for a missing and an unexpected key, which name the key. */
    private static final Pattern NAMED_KEY = Pattern.compile("(?:required key \\[(.*)] not found|extraneous key \\[(.*)] is not permitted)");
    private static final Comparator<ValidationError> ORDER = Comparator.comparing(ValidationError::pointer)
            .thenComparing(ValidationError::keyword).thenComparing(ValidationError::message);

    private BlobValidator() {
    }

    public static ValidationReport validate(List<StoredSchema> schemas, JsonNode blob) {
        Object instance = Json.toOrgJson(blob);
        List<ValidationError> errors = new ArrayList<>();
        for (StoredSchema schema : schemas) {
            try {
                schema.validator().validate(instance);
            } catch (ValidationException failure) {
                List<ValidationError> found = new ArrayList<>();
                collect(failure, schema.name(), found);
                // a constraint reached along two paths (global schema and form both) fails twice alike
                found.stream().distinct().sorted(ORDER).forEach(errors::add);
            }
        }
        boolean truncated = errors.size() > MAX_ERRORS;
        List<ValidationError> listed = errors.subList(0, Math.min(errors.size(), MAX_ERRORS)).stream()
                .map(e -> new ValidationError(e.schema(), shorten(e.pointer()), e.keyword(), shorten(e.message()))).toList();
        return new ValidationReport(errors.isEmpty(), listed, truncated);
    }

    private static void collect(ValidationException failure, String schema, List<ValidationError> out) {
        String keyword = failure.getKeyword() == null ? "schema" : failure.getKeyword();
        boolean alternatives = keyword.equals("anyOf") || keyword.equals("oneOf");
        if (failure.getCausingExceptions().isEmpty() || alternatives) {
            String message = failure.getErrorMessage();
            if (alternatives && !failure.getCausingExceptions().isEmpty()) {
                message += " (" + failure.getCausingExceptions().stream().flatMap(c -> c.getAllMessages().stream())
                        .collect(Collectors.joining("; ")) + ")";
            }
            out.add(new ValidationError(schema, pointer(failure, keyword), keyword, message));
            return;
        }
        failure.getCausingExceptions().forEach(cause -> collect(cause, schema, out));
    }

    private static String shorten(String text) {
        if (text.length() <= MAX_TEXT) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(MAX_TEXT - 1)) ? MAX_TEXT - 1 : MAX_TEXT;
        return text.substring(0, end) + "…";
    }

    /** everit points at the object missing a key or holding an unexpected one; the answer points at the key. */
    private static String pointer(ValidationException failure, String keyword) {
        String pointer = failure.getPointerToViolation() == null ? "" : failure.getPointerToViolation();
        pointer = pointer.startsWith("#") ? pointer.substring(1) : pointer;
        if (keyword.equals("required") || keyword.equals("additionalProperties")) {
            Matcher key = NAMED_KEY.matcher(failure.getErrorMessage());
            if (key.matches()) {
                pointer += "/" + Json.escape(key.group(1) != null ? key.group(1) : key.group(2));
            }
        }
        return pointer;
    }
}
