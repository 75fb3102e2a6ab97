package org.submission.shared.seed;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

/** {@code SUBMISSION_SEED_DEMO} / {@code SUBMISSION_SEED_FILE}: records to load at start into an empty database. */
@ConfigMapping(prefix = "submission.seed")
public interface SeedSettings {

    /** Load the bundled demo data set. */
    @WithDefault("false")
    boolean demo();

    /** A seed file to load. */
    Optional<String> file();
}
