package org.submission.platform.http;

import io.quarkus.vertx.http.HttpServerOptionsCustomizer;
import io.vertx.core.http.HttpServerOptions;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection whose writes have not completed for {@code submission.http.write-idle-timeout}:
 * a client that stops reading holds its answer in the service's memory (and a share of the
 * {@link WriteBudget}) only that long, where Quarkus's idle timeout (30 minutes, any traffic)
 * would keep it. Gives each connection a fixed socket send buffer, so that what such a client
 * holds waits in the service, counted by the budget, and not in a kernel buffer grown to megabytes.
 */
@ApplicationScoped
public class SlowClients implements HttpServerOptionsCustomizer {

    private final WriteLimits limits;

    public SlowClients(WriteLimits limits) {
        this.limits = limits;
    }

    @Override
    public void customizeHttpServer(HttpServerOptions options) {
        limit(options);
    }

    @Override
    public void customizeHttpsServer(HttpServerOptions options) {
        limit(options);
    }

    private void limit(HttpServerOptions options) {
        // the three idle timeouts share one unit; Quarkus gives its idle timeout in milliseconds
        long idle = options.getIdleTimeoutUnit().toMillis(options.getIdleTimeout());
        options.setIdleTimeoutUnit(TimeUnit.MILLISECONDS).setIdleTimeout((int) idle)
                .setWriteIdleTimeout((int) limits.writeIdleTimeout().toMillis())
                .setSendBufferSize((int) limits.sendBufferSize().asLongValue());
    }
}
