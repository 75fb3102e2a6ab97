package org.submission.platform.security;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** {@code SUBMISSION_XSRF_SECURE_COOKIE}: mark the XSRF cookie Secure (set it behind HTTPS). */
@ConfigMapping(prefix = "submission.xsrf")
public interface XsrfSettings {

    @WithDefault("false")
    boolean secureCookie();
}
