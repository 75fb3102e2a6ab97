package org.submission.platform.security;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

/** {@code SUBMISSION_PROXY_*}: identity headers set by a trusted authenticating proxy. */
@ConfigMapping(prefix = "submission.proxy")
public interface ProxySettings {

    /** Trust the identity headers at all. */
    @WithDefault("false")
    boolean auth();

    /** The secret the proxy sends; without it the identity headers are never trusted. */
    Optional<String> secret();

    /** A second secret accepted as well, so that a rotation refuses no request (operator's guide, "Rotate secrets"). */
    Optional<String> secretNext();

    @WithDefault("X-Proxy-Secret")
    String secretHeader();

    /** Header with the principal, matched to {@code pass_user.username}. */
    @WithDefault("Eppn")
    String userHeader();

    /** Header with extra {@code ;}-separated affiliations of the person. */
    @WithDefault("Affiliation")
    String affiliationHeader();
}
