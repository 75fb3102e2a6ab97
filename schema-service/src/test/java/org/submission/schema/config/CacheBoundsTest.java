package org.submission.schema.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The caches' bounds are the service's own settings, with their defaults. */
class CacheBoundsTest {

    private static final String ANSWERS = "quarkus.cache.caffeine.\"schema-answers\".maximum-size";
    private static final String FORMS = "quarkus.cache.caffeine.\"survey-forms\".maximum-size";
    private static final String REPOSITORIES = "quarkus.cache.caffeine.\"repository-schemas\".expire-after-write";

    @Test
    void unsetTheAnswerCachesHoldAThousandAndARepositoryListExpiresAfterFiveSeconds() {
        SmallRyeConfig config = config(Map.of());

        assertThat(config.getValue(ANSWERS, String.class)).isEqualTo("1000");
        assertThat(config.getValue(FORMS, String.class)).isEqualTo("1000");
        assertThat(config.getValue(REPOSITORIES, String.class)).isEqualTo("PT5S");
    }

    @Test
    void theOperatorsSettingsBoundTheCaches() {
        SmallRyeConfig config = config(Map.of("schema.service.answer-cache-size", "20", "schema.service.repository-ttl", "1m"));

        assertThat(config.getValue(ANSWERS, String.class)).isEqualTo("20");
        assertThat(config.getValue(FORMS, String.class)).isEqualTo("20");
        assertThat(config.getValue(REPOSITORIES, String.class)).isEqualTo("PT1M");
    }

    private static SmallRyeConfig config(Map<String, String> operator) {
        return new SmallRyeConfigBuilder().withSources(new PropertiesConfigSource(new HashMap<>(operator), "operator", 250))
                .withSources(new CacheBounds()).build();
    }
}
