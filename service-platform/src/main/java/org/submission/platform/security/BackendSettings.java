package org.submission.platform.security;

import io.smallrye.config.ConfigMapping;
import java.util.Optional;

/** {@code SUBMISSION_BACKEND_USER} / {@code SUBMISSION_BACKEND_PASSWORD}: the backend Basic account. */
@ConfigMapping(prefix = "submission.backend")
public interface BackendSettings {

    Optional<String> user();

    Optional<String> password();

    /** A second password accepted as well, so that a rotation refuses no request. */
    Optional<String> passwordNext();
}
