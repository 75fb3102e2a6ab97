package org.submission.doi.client;

import io.vertx.core.http.HttpClientOptions;
import jakarta.ws.rs.ext.ContextResolver;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Bounds the requests waiting for a connection to one upstream (the number of connections is
 * {@code quarkus.rest-client.connection-pool-size}): past it a call fails at once instead of
 * queueing behind slow ones. The REST client asks its providers for the Vert.x client options;
 * it instantiates this class itself, hence the configuration lookup.
 */
public class UpstreamPool implements ContextResolver<HttpClientOptions> {

    @Override
    public HttpClientOptions getContext(Class<?> type) {
        int waiting = ConfigProvider.getConfig().getOptionalValue("doi.upstream.max-waiting", Integer.class).orElse(50);
        HttpClientOptions options = new HttpClientOptions();
        options.getPoolOptions().setMaxWaitQueueSize(waiting);
        return options;
    }
}
