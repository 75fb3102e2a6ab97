package org.submission.schema.service;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.everit.json.schema.ValidationException;
import org.submission.schema.store.Json;
import org.submission.schema.store.StoredSchema;

/**
 * Validates a metadata blob as a client does (README, {@code POST /schemaservice/validate}): against
 * each schema, unmodified, with
 * everit-json-schema. Failures are flattened to their causes; an anyOf/oneOf failure is one error
 * (its alternatives are no separate faults) whose message lists why each alternative failed.
 * CPU-heavy for a large blob: {@link ValidationWorkers} runs it, never an event loop.
 */
public final class BlobValidator {

    /** An answer lists at most this many errors, so it stays small whatever the blob (a 450 KB blob once gave 15 MB). */
    public static final int MAX_ERRORS = 100;
    /** A pointer or message quotes the blob (an unexpected key, a value outside an enum): cut it beyond this length. */
    static final int MAX_TEXT = 300;

    private static final String REQUIRED = "required key [";
    private static final String REQUIRED_END = "] not found";
    private static final String EXTRANEOUS = "extraneous key [";
    private static final String EXTRANEOUS_END = "] is not permitted";
    private static final Comparator<ValidationError> ORDER = Comparator.comparing(ValidationError::pointer)
            .thenComparing(ValidationError::keyword).thenComparing(ValidationError::message);

    private BlobValidator() {
    }

    /**
     * The blob comes as a supplier so that its Jackson tree is only a temporary of the copy into
     * everit's form: a tree held through the validation outlived several young collections and was
     * promoted, filling the old generation (schema-service/README.md, "Validation").
     */
    public static ValidationReport validate(List<StoredSchema> schemas, Supplier<JsonNode> blob) {
        Object instance = Json.toOrgJson(blob.get());
        List<ValidationError> errors = new ArrayList<>();
        boolean truncated = false;
        for (StoredSchema schema : schemas) {
            Kept kept = failures(schema, instance, MAX_ERRORS - errors.size());
            kept.errors.forEach(e -> errors.add(new ValidationError(e.schema(), shorten(e.pointer()), e.keyword(),
                    shorten(e.message()))));
            truncated |= kept.overflow;
        }
        return new ValidationReport(errors.isEmpty() && !truncated, errors, truncated);
    }

    /**
     * One schema's failures, the first {@code room} in order. A method of its own so that everit's
     * failure (20,000 exceptions, 4 MB, for the largest blob) is unreachable once it returns: held
     * in a loop's variable it stayed live while the next schema was validated.
     */
    private static Kept failures(StoredSchema schema, Object instance, int room) {
        Kept kept = new Kept(room);
        try {
            schema.validator().validate(instance);
        } catch (ValidationException failure) {
            // only the first errors in order are kept: a blob of 90,000 unknown keys fails 90,000
            // times, and holding and sorting them all took seconds and most of the heap
            collect(failure, schema.name(), kept);
        }
        return kept;
    }

    /** The smallest errors in order, at most {@code room}, each once (two paths to one constraint fail alike). */
    private static final class Kept {
        final int room;
        final TreeSet<ValidationError> errors = new TreeSet<>(ORDER);
        boolean overflow;

        Kept(int room) {
            this.room = room;
        }

        void add(ValidationError error) {
            errors.add(error);
            if (errors.size() > room) {
                errors.pollLast();
                overflow = true;
            }
        }
    }

    private static void collect(ValidationException failure, String schema, Kept out) {
        String keyword = failure.getKeyword() == null ? "schema" : failure.getKeyword();
        boolean alternatives = keyword.equals("anyOf") || keyword.equals("oneOf");
        if (failure.getCausingExceptions().isEmpty() || alternatives) {
            String message = failure.getErrorMessage();
            if (alternatives && !failure.getCausingExceptions().isEmpty()) {
                message += " (" + alternativesMessage(failure) + ")";
            }
            out.add(new ValidationError(schema, pointer(failure, keyword), keyword, message));
            return;
        }
        failure.getCausingExceptions().forEach(cause -> collect(cause, schema, out));
    }

    /** Why each alternative failed, "; "-separated, no longer than an answer shows. */
    private static String alternativesMessage(ValidationException failure) {
        StringBuilder text = new StringBuilder();
        for (ValidationException cause : failure.getCausingExceptions()) {
            for (String message : cause.getAllMessages()) {
                if (text.length() > MAX_TEXT) {
                    return text.toString();
                }
                text.append(text.isEmpty() ? "" : "; ").append(message);
            }
        }
        return text.toString();
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
            String key = namedKey(failure.getErrorMessage());
            if (key != null) {
                pointer += "/" + Json.escape(key);
            }
        }
        return pointer;
    }

    /** The key everit's message for a missing or an unexpected key names, or null. */
    private static String namedKey(String message) {
        if (message.startsWith(REQUIRED) && message.endsWith(REQUIRED_END)
                && message.length() >= REQUIRED.length() + REQUIRED_END.length()) {
            return message.substring(REQUIRED.length(), message.length() - REQUIRED_END.length());
        }
        if (message.startsWith(EXTRANEOUS) && message.endsWith(EXTRANEOUS_END)
                && message.length() >= EXTRANEOUS.length() + EXTRANEOUS_END.length()) {
            return message.substring(EXTRANEOUS.length(), message.length() - EXTRANEOUS_END.length());
        }
        return null;
    }
}
