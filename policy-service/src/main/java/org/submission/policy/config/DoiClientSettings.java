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

    /** Recent calls over which the breaker's failure ratio is computed. */
    @WithDefault("10")
    int breakerRequestVolume();

    @WithDefault("0.5")
    double breakerFailureRatio();

    /** How long an open breaker answers undecided at once before the DOI service is tried again. */
    @WithDefault("30s")
    Duration breakerDelay();
}
