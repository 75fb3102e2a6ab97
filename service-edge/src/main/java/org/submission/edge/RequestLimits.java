package org.submission.edge;

import io.smallrye.config.WithDefault;

/**
 * {@code submission.http.*}, a group of {@link EdgeSettings}: the request line and header limits answered with a JSON error.
 * The HTTP codec's own limits ({@code quarkus.http.limits.max-initial-line-length},
 * {@code max-header-size}) are set higher (the request line at twice the URI limit), because the codec
 * answers a bare status without body.
 */
public interface RequestLimits {

    /** Longest request URI (path and query), in characters. */
    @WithDefault("4096")
    int maxUriLength();

    /** Largest sum of header names and values, in bytes. */
    @WithDefault("20480")
    int maxHeaderSize();
}
