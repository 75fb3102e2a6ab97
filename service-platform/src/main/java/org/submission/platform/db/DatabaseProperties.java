package org.submission.platform.db;

import java.util.HashMap;
import java.util.Map;
import org.submission.platform.config.DerivedProperties;

/**
 * Quarkus's datasource and Flyway properties, derived from the operator's {@code SUBMISSION_DB_*}
 * ({@link DatabaseSettings}). Not property expressions: both URL forms are accepted
 * ({@code postgresql://…} and {@code jdbc:postgresql://…}), and an expression can add a prefix but
 * not remove one. The main class unsets the JDBC URL on a start that needs no Flyway ({@link ServiceMain}).
 */
public class DatabaseProperties extends DerivedProperties<DatabaseSettings> {

    static final String REACTIVE_URL = "quarkus.datasource.reactive.url";
    static final String JDBC_URL = "quarkus.datasource.jdbc.url";

    public DatabaseProperties() {
        super(DatabaseSettings.class);
    }

    @Override
    protected Map<String, String> derive(DatabaseSettings database) {
        Map<String, String> properties = new HashMap<>();
        database.url().ifPresent(url -> {
            properties.put(REACTIVE_URL, DatabaseUrls.reactive(url));
            properties.put(JDBC_URL, DatabaseUrls.jdbc(url));
        });
        properties.put("quarkus.datasource.username", database.user());
        database.password().ifPresent(password -> properties.put("quarkus.datasource.password", password));
        properties.put("quarkus.datasource.reactive.max-size", Integer.toString(database.poolSize()));
        properties.put(ServiceMain.MIGRATE_AT_START, Boolean.toString(database.migrate()));
        return properties;
    }
}
