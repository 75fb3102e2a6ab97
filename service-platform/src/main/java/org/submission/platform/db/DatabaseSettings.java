package org.submission.platform.db;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/**
 * {@code SUBMISSION_DB_*}: the database every service needs, and the limits on what a request may
 * wait for in it. Quarkus's own datasource and Flyway properties are derived from it
 * ({@link DatabaseProperties}); the pool's limits are applied where the pool is created ({@link PoolLimits}).
 */
@ConfigMapping(prefix = "submission.db")
public interface DatabaseSettings {

    /** {@code postgresql://host:5432/dbname}, or the {@code jdbc:postgresql://…} form ({@link DatabaseUrls}). */
    Optional<String> url();

    @WithDefault("postgres")
    String user();

    Optional<String> password();

    /**
     * Without a {@link #url()}, start the tests' embedded PostgreSQL with the demo data: what
     * {@code quarkus:dev} sets (the parent pom), never a packaged service ({@link DevModeDatabase}).
     */
    @WithDefault("false")
    boolean devEmbedded();

    /** Apply the Flyway migrations at start; off for a database another PASS system owns. */
    @WithDefault("true")
    boolean migrate();

    /** Connections of the reactive pool. */
    @WithDefault("16")
    int poolSize();

    /** The longest wait for a pooled connection. */
    @WithDefault("2s")
    Duration acquireTimeout();

    /** Requests that may wait for a pooled connection at once. */
    @WithDefault("64")
    int maxWaiting();

    /** PostgreSQL's {@code statement_timeout} of the services' sessions. */
    @WithDefault("5s")
    Duration statementTimeout();

    /** PostgreSQL's {@code lock_timeout} of the services' sessions. */
    @WithDefault("2s")
    Duration lockTimeout();

    /** PostgreSQL's {@code random_page_cost} of the services' sessions; set empty, the database's own. */
    @WithDefault("1.1")
    Optional<String> randomPageCost();

    /** The first pause after the database refused the services' login ({@link LoginRefusals}). */
    @WithDefault("1s")
    Duration loginRetryMin();

    /** The longest such pause. */
    @WithDefault("15s")
    Duration loginRetryMax();
}
