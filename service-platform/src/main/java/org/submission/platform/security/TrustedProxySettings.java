package org.submission.platform.security;

import io.smallrye.config.ConfigMapping;
import java.util.List;
import java.util.Optional;

/**
 * {@code SUBMISSION_HTTP_TRUSTED_PROXIES}: address ranges ({@code 10.0.0.0/8}, {@code fd00::/8}, a bare
 * address) whose {@code X-Forwarded-For} names the client ({@link ClientAddress}); unset: none.
 */
@ConfigMapping(prefix = "submission.http")
public interface TrustedProxySettings {

    Optional<List<String>> trustedProxies();
}
