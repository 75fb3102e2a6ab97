package org.submission.platform.db;

/**
 * Turns the operator's {@code SUBMISSION_DB_URL} ({@code postgresql://host:5432/db}, or the
 * {@code jdbc:postgresql://…} form) into the two URLs Quarkus needs: the reactive one the
 * services use and the JDBC one Flyway and the seed loader use.
 */
public final class DatabaseUrls {

    private DatabaseUrls() {
    }

    public static String reactive(String url) {
        String bare = bare(url);
        return bare == null ? null : "postgresql://" + bare;
    }

    public static String jdbc(String url) {
        String bare = bare(url);
        return bare == null ? null : "jdbc:postgresql://" + bare;
    }

    private static String bare(String url) {
        if (url == null || url.isBlank()) {
            return null;
        }
        String value = url.trim();
        if (value.startsWith("jdbc:")) {
            value = value.substring("jdbc:".length());
        }
        for (String scheme : new String[] {"postgresql://", "postgres://", "vertx-reactive:postgresql://"}) {
            if (value.startsWith(scheme)) {
                return value.substring(scheme.length());
            }
        }
        throw new IllegalArgumentException(
                "SUBMISSION_DB_URL must look like postgresql://host:5432/dbname (or jdbc:postgresql://…)");
    }
}
