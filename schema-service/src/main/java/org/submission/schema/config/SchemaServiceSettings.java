package org.submission.schema.config;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/** The schema service's own settings; each is also an environment variable (SCHEMA_SERVICE_DIR, …). */
@ConfigMapping(prefix = "schema.service")
public interface SchemaServiceSettings {

    /** A folder whose {@code *.json} files (at any depth) are added to the bundled schemas. */
    Optional<String> dir();

    /**
     * How long a repository's schema list, once read, answers without asking the database again.
     * Zero reads the database on every request. The expiry of the repository cache, which
     * {@code application.properties} gives it.
     */
    @WithDefault("5S")
    Duration repositoryTtl();

    /**
     * How many answers (per distinct list of schema documents, merged or not) are kept: the bound
     * of the answer caches, which {@code application.properties} gives them.
     */
    @WithDefault("1000")
    int answerCacheSize();

    /** Threads validating blobs (CPU-bound work kept off the event loops). */
    @WithDefault("1")
    int validationThreads();

    /** Validations that may wait for a thread; beyond threads + queue a request answers 503. */
    @WithDefault("1")
    int validationQueue();

    /**
     * How many of the validation slots (threads + queue) one caller may hold; beyond, its request
     * answers 429. Unset: half of the slots, at least 1 (computed from the two settings above).
     */
    OptionalInt validationCallerShare();

    /** The schema author's workbench page ({@code /schemaservice/workbench}) and its preview endpoints. */
    Workbench workbench();

    interface Workbench {

        /** Serve it; off, its paths answer 404 (the production overlay switches it off, as it does Swagger UI). */
        @WithDefault("true")
        boolean enabled();

        /** Draft documents one preview may hold. */
        @WithDefault("10")
        int maxDrafts();

        /** The largest draft document, in bytes (the HTTP body limit bounds them all together). */
        @WithDefault("256K")
        MemorySize maxDraftSize();
    }
}
