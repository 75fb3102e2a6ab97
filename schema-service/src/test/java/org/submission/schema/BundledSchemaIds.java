package org.submission.schema;

/** Where the schemas bundled with the service live by {@code $id}. */
public final class BundledSchemaIds {

    public static final String BASE = "https://submission.example.org/schemas/pass/";

    private BundledSchemaIds() {
    }
}
