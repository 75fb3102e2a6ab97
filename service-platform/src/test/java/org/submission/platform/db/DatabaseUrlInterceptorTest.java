package org.submission.platform.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DatabaseUrlInterceptorTest {

    private static final String GIVEN = "postgresql://db:5432/pass";

    @Test
    void bothDatasourceUrlsComeFromTheSubmissionUrl() {
        SmallRyeConfig config = config(Map.of("submission.db.url", GIVEN));

        assertThat(value(config, DatabaseUrlInterceptor.REACTIVE)).contains("postgresql://db:5432/pass");
        assertThat(value(config, DatabaseUrlInterceptor.JDBC)).contains("jdbc:postgresql://db:5432/pass");
    }

    @Test
    void withoutTheJdbcDatasourceOnlyTheReactiveUrlIsDerived() {
        SmallRyeConfig config = config(Map.of("submission.db.url", GIVEN, "submission.db.jdbc", "false"));

        assertThat(value(config, DatabaseUrlInterceptor.REACTIVE)).contains("postgresql://db:5432/pass");
        assertThat(value(config, DatabaseUrlInterceptor.JDBC)).isEmpty();
    }

    @Test
    void anOperatorsOwnJdbcUrlIsKeptEvenWithoutTheDerivedOne() {
        SmallRyeConfig config = config(Map.of("submission.db.url", GIVEN, "submission.db.jdbc", "false",
                DatabaseUrlInterceptor.JDBC, "jdbc:postgresql://other:5432/pass"));

        assertThat(value(config, DatabaseUrlInterceptor.JDBC)).contains("jdbc:postgresql://other:5432/pass");
    }

    private static Optional<String> value(SmallRyeConfig config, String name) {
        return config.getOptionalValue(name, String.class);
    }

    private static SmallRyeConfig config(Map<String, String> properties) {
        return new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(new HashMap<>(properties), "test", 100))
                .withInterceptors(new DatabaseUrlInterceptor())
                .build();
    }
}
