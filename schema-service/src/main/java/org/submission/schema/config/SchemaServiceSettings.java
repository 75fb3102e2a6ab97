package org.submission.schema.config;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** The schema service's own settings; each is also an environment variable (SCHEMA_SERVICE_DIR, …). */
@ConfigMapping(prefix = "schema.service")
public interface SchemaServiceSettings {

    /** A folder whose {@code *.json} files (at any depth) are added to the bundled schemas. */
    Optional<String> dir();

    /**
     * How long a repository's schema list, once read, answers without asking the database again.
     * Zero reads the database on every request. The expiry of the repository cache ({@link CacheBounds}).
     */
    @WithDefault("5S")
    Duration repositoryTtl();

    /**
     * How many answers (per distinct list of schema documents, merged or not) are kept: the bound
     * of the answer caches ({@link CacheBounds}).
     */
    @WithDefault("1000")
    int answerCacheSize();

    /**
     * The largest a schema document may be once its {@code $ref}s are replaced by their targets, in
     * bytes as served: a few kilobytes of references can expand to gigabytes. A larger document is
     * unusable (409), like one that is not draft-07.
     */
    @WithDefault("1M")
    MemorySize maxExpandedSize();

    /** Threads validating blobs (CPU-bound work kept off the event loops). */
    @WithDefault("1")
    int validationThreads();

    /**
     * Validations that may wait for a thread, whoever asks; one caller alone may take them all, and
     * a newcomer pushes out the newest waiter of a caller holding more. Beyond, 429 for a caller's
     * own excess, 503 when every caller holds its part.
     */
    @WithDefault("1")
    int validationQueue();

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
