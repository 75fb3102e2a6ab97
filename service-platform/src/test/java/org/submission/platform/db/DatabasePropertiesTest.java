package org.submission.platform.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Quarkus's datasource and Flyway properties as the operator's SUBMISSION_DB_* settings give them. */
class DatabasePropertiesTest {

    private static final String GIVEN = "postgresql://db:5432/pass";

    @Test
    void bothDatasourceUrlsComeFromTheSubmissionUrl() {
        SmallRyeConfig config = config(Map.of("submission.db.url", GIVEN));

        assertThat(value(config, DatabaseProperties.REACTIVE_URL)).contains("postgresql://db:5432/pass");
        assertThat(value(config, DatabaseProperties.JDBC_URL)).contains("jdbc:postgresql://db:5432/pass");
    }

    @Test
    void theJdbcFormGivesTheSameUrls() {
        SmallRyeConfig config = config(Map.of("submission.db.url", "jdbc:" + GIVEN));

        assertThat(value(config, DatabaseProperties.REACTIVE_URL)).contains("postgresql://db:5432/pass");
        assertThat(value(config, DatabaseProperties.JDBC_URL)).contains("jdbc:postgresql://db:5432/pass");
    }

    @Test
    void anEmptyJdbcUrlAboveItLeavesOnlyTheReactiveUrl() {
        SmallRyeConfig config = config(Map.of("submission.db.url", GIVEN), Map.of(DatabaseProperties.JDBC_URL, ""));

        assertThat(value(config, DatabaseProperties.REACTIVE_URL)).contains("postgresql://db:5432/pass");
        assertThat(value(config, DatabaseProperties.JDBC_URL)).isEmpty();
    }

    @Test
    void anOperatorsOwnJdbcUrlIsKept() {
        SmallRyeConfig config = config(Map.of("submission.db.url", GIVEN),
                Map.of(DatabaseProperties.JDBC_URL, "jdbc:postgresql://other:5432/pass"));

        assertThat(value(config, DatabaseProperties.JDBC_URL)).contains("jdbc:postgresql://other:5432/pass");
    }

    @Test
    void theAccountPoolAndMigrationsHaveTheSettingsDefaults() {
        SmallRyeConfig config = config(Map.of("submission.db.url", GIVEN));

        assertThat(value(config, "quarkus.datasource.username")).contains("postgres");
        assertThat(value(config, "quarkus.datasource.password")).isEmpty();
        assertThat(value(config, "quarkus.datasource.reactive.max-size")).contains("16");
        assertThat(value(config, ServiceMain.MIGRATE_AT_START)).contains("true");
    }

    @Test
    void theOperatorsAccountPoolAndMigrationsAreQuarkussOwn() {
        SmallRyeConfig config = config(Map.of("submission.db.url", GIVEN, "submission.db.user", "pass",
                "submission.db.password", "s3cret", "submission.db.pool-size", "4", "submission.db.migrate", "false"));

        assertThat(value(config, "quarkus.datasource.username")).contains("pass");
        assertThat(value(config, "quarkus.datasource.password")).contains("s3cret");
        assertThat(value(config, "quarkus.datasource.reactive.max-size")).contains("4");
        assertThat(value(config, ServiceMain.MIGRATE_AT_START)).contains("false");
    }

    @Test
    void withoutADatabaseNoUrlIsDerived() {
        SmallRyeConfig config = config(Map.of());

        assertThat(value(config, DatabaseProperties.REACTIVE_URL)).isEmpty();
        assertThat(value(config, DatabaseProperties.JDBC_URL)).isEmpty();
    }

    private static Optional<String> value(SmallRyeConfig config, String name) {
        return config.getOptionalValue(name, String.class);
    }

    private static SmallRyeConfig config(Map<String, String> operator) {
        return config(operator, Map.of());
    }

    /** The operator's settings in a file, and Quarkus's own properties set above them (system properties' ordinal). */
    private static SmallRyeConfig config(Map<String, String> operator, Map<String, String> quarkus) {
        return new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(new HashMap<>(operator), "operator", 250))
                .withSources(new PropertiesConfigSource(new HashMap<>(quarkus), "quarkus", 400))
                .withSources(new DatabaseProperties())
                .build();
    }
}
