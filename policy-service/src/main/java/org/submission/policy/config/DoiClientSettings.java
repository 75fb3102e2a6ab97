package org.submission.policy.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * The DOI service as {@code /policy/compliance} asks it for a DOI's open copies
 * ({@code POLICY_DOI_*}). Unset URL: every compliance verdict that needs copies is undecided.
 */
@ConfigMapping(prefix = "policy.doi")
public interface DoiClientSettings {

    /** The DOI service's base, e.g. {@code http://doi-service:8083}. */
    Optional<URI> url();

    /** A backend account of the DOI service. */
    Optional<String> user();

    Optional<String> password();

    /** The whole call, connection to last byte; then the verdicts are undecided. */
    @WithDefault("2s")
    Duration deadline();

    /** The largest answer read; a larger one counts as a failure. */
    @WithDefault("262144")
    int maxAnswerBytes();

    /**
     * Calls one pod makes at once, whoever asks (POLICY_DOI_CONCURRENCY): every call reaches the
     * DOI service as the one account, so this keeps the pods' calls within the places it gives one
     * caller, where a flood would wait past the deadline.
     */
    @WithDefault("4")
    int concurrency();

    /**
     * Calls that may wait for one of those places (POLICY_DOI_QUEUE), turns going round the
     * callers; a caller's own excess beyond gets 429.
     */
    @WithDefault("32")
    int queue();

    /** Recent calls over which the breaker's failure ratio is computed. */
    @WithDefault("10")
    int breakerRequestVolume();

    @WithDefault("0.5")
    double breakerFailureRatio();

    /** How long an open breaker answers undecided at once before the DOI service is tried again. */
    @WithDefault("30s")
    Duration breakerDelay();
}
