package org.submission.schema.config;

import java.util.Map;
import org.submission.platform.config.DerivedProperties;

/**
 * The bounds of the service's quarkus-cache caches from its own settings ({@link SchemaServiceSettings},
 * where their defaults are): the answer caches hold {@code SCHEMA_SERVICE_ANSWER_CACHE_SIZE} answers
 * each, and a repository's schema list expires after {@code SCHEMA_SERVICE_REPOSITORY_TTL}.
 */
public class CacheBounds extends DerivedProperties<SchemaServiceSettings> {

    public CacheBounds() {
        super(SchemaServiceSettings.class);
    }

    @Override
    protected Map<String, String> derive(SchemaServiceSettings settings) {
        String answers = Integer.toString(settings.answerCacheSize());
        return Map.of("quarkus.cache.caffeine.\"schema-answers\".maximum-size", answers,
                "quarkus.cache.caffeine.\"survey-forms\".maximum-size", answers,
                "quarkus.cache.caffeine.\"survey-answers\".maximum-size", answers,
                "quarkus.cache.caffeine.\"repository-schemas\".expire-after-write", settings.repositoryTtl().toString());
    }
}
