package org.submission.deploy.gateway;

import java.net.URI;

/**
 * A path prefix served by one service. Matching is by whole path segments, as the ingress's
 * {@code Prefix} path type does: {@code /schema} serves {@code /schema} and {@code /schema/x},
 * never {@code /schemaservice}.
 */
public record Route(String prefix, String service, URI target) {

    public boolean matches(String path) {
        return path.equals(prefix) || path.startsWith(prefix + "/");
    }
}
