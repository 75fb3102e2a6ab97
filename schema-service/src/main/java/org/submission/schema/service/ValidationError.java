package org.submission.schema.service;

/** One reason a metadata blob fails one schema (answered as {@code rest.ValidationErrorBody}). */
public record ValidationError(String schema, String pointer, String keyword, String message) {
}
