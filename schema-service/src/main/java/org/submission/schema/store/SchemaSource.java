package org.submission.schema.store;

/**
 * The text of one stored schema document before it is parsed.
 *
 * @param key     {@code <institution>/<file>.json}: the last two segments of its location
 * @param origin  where it was read, for messages and logs
 * @param bundled shipped with the service (a bad one stops start-up) rather than from SCHEMA_SERVICE_DIR
 * @param content the raw bytes, or null when the file could not be read ({@code problem} says why)
 * @param problem why the content is missing, else null
 */
public record SchemaSource(String key, String origin, boolean bundled, byte[] content, String problem) {

    public static SchemaSource of(String key, String origin, boolean bundled, byte[] content) {
        return new SchemaSource(key, origin, bundled, content, null);
    }

    private static final String DRAFT = "draft ";

    /** An author's draft, previewed as if it were in SCHEMA_SERVICE_DIR at {@code key}. */
    public static SchemaSource draft(String key, byte[] content) {
        return new SchemaSource(key, DRAFT + key, false, content, null);
    }

    /** Where the document comes from: {@code bundled}, {@code folder} (SCHEMA_SERVICE_DIR) or {@code draft}. */
    public String kind() {
        return bundled ? "bundled" : origin.startsWith(DRAFT) ? "draft" : "folder";
    }

    public static SchemaSource unreadable(String key, String origin, String problem) {
        return new SchemaSource(key, origin, false, null, problem);
    }
}
