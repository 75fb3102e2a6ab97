package org.submission.platform.db;

import io.smallrye.config.ConfigSourceInterceptor;
import io.smallrye.config.ConfigSourceInterceptorContext;
import io.smallrye.config.ConfigValue;
import jakarta.annotation.Priority;

/**
 * Derives the Quarkus datasource URLs from {@code submission.db.url} (env
 * {@code SUBMISSION_DB_URL}) unless they are set explicitly. It only computes values, so it is
 * harmless at build time. Property expressions cannot replace it: both URL forms are accepted
 * ({@code postgresql://…} and {@code jdbc:postgresql://…}), and an expression can only add a
 * prefix ({@code jdbc:${submission.db.url}}), not remove one, so one of the two derived URLs
 * would be wrong for one of the forms.
 *
 * <p>The JDBC datasource only serves Flyway. When {@code submission.db.jdbc=false} (the main
 * class sets it when Flyway has nothing to do: every migration applied, or migrations switched
 * off) no JDBC URL is derived, so Quarkus deactivates that datasource and Flyway with it: a
 * replica keeps no JDBC pool, no Flyway instance and none of their classes.
 */
@Priority(100)
public class DatabaseUrlInterceptor implements ConfigSourceInterceptor {

    static final String REACTIVE = "quarkus.datasource.reactive.url";
    static final String JDBC = "quarkus.datasource.jdbc.url";
    static final String SUBMISSION = "submission.db.url";
    static final String JDBC_WANTED = "submission.db.jdbc";

    @Override
    public ConfigValue getValue(ConfigSourceInterceptorContext context, String name) {
        ConfigValue own = context.proceed(name);
        if (!REACTIVE.equals(name) && !JDBC.equals(name)) {
            return own;
        }
        if (own != null && own.getValue() != null && !own.getValue().isBlank()) {
            return own;
        }
        if (JDBC.equals(name) && isFalse(context.proceed(JDBC_WANTED))) {
            return own;
        }
        ConfigValue submission = context.proceed(SUBMISSION);
        if (submission == null || submission.getValue() == null || submission.getValue().isBlank()) {
            return own;
        }
        String value = REACTIVE.equals(name)
                ? DatabaseUrls.reactive(submission.getValue())
                : DatabaseUrls.jdbc(submission.getValue());
        return submission.withName(name).withValue(value);
    }

    private static boolean isFalse(ConfigValue value) {
        return value != null && "false".equalsIgnoreCase(value.getValue());
    }
}
