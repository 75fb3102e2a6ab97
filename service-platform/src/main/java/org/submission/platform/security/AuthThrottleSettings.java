package org.submission.platform.security;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * {@code SUBMISSION_AUTH_THROTTLE_*}: how failed authentications from one client address are slowed
 * ({@link AuthThrottle}).
 */
@ConfigMapping(prefix = "submission.auth.throttle")
public interface AuthThrottleSettings {

    /** Failed authentications from one address within {@link #window()} that start a penalty. */
    @WithDefault("5")
    int failures();

    @WithDefault("1m")
    Duration window();

    /** The first penalty; each further one of the same address doubles, up to {@link #maxDelay()}. */
    @WithDefault("10s")
    Duration delay();

    @WithDefault("15m")
    Duration maxDelay();

    /** Addresses remembered at most; past it the least recently failed are forgotten. */
    @WithDefault("10000")
    int maxAddresses();
}
