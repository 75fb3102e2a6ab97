package org.submission.edge;

import io.smallrye.config.WithDefault;
import java.time.Duration;

/** {@code submission.http.*}, a group of {@link EdgeSettings}: how many connections one client holds, and how long a new one may stay silent. */
public interface ConnectionLimits {

    /**
     * Connections open at once from one peer address that has sent a request, trusted proxies
     * ({@code submission.http.trusted-proxies}, the ingress controller, which carries every
     * caller's connections) excepted; a request on one more is answered 429 and its connection
     * closed. A fifth of the service's connections: one client cannot take them all.
     */
    @WithDefault("200")
    int maxConnectionsPerAddress();

    /**
     * A new connection that has not sent a complete request head within this is closed, however
     * slowly it sends bytes: a silent connection holds a slot and memory only this long.
     */
    @WithDefault("10s")
    Duration requestHeadTimeout();
}
