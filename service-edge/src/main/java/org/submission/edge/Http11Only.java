package org.submission.edge;

import io.quarkus.vertx.http.HttpServerOptionsCustomizer;
import io.vertx.core.http.HttpServerOptions;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The services speak HTTP/1.1 only, what the ingress speaks to them, whatever
 * {@code quarkus.http.http2} says: no cleartext HTTP/2 (prior knowledge or {@code Upgrade: h2c})
 * and no ALPN over TLS. The write budget counts answers as they pass each HTTP/1 connection's
 * {@link WriteGate}; HTTP/2 frames would not pass it, and in cleartext Vert.x waits for a
 * connection's first bytes to tell the protocols apart, so a silent connection escaped
 * {@link SlowClients}' head deadline.
 */
@ApplicationScoped
public class Http11Only implements HttpServerOptionsCustomizer {

    @Override
    public void customizeHttpServer(HttpServerOptions options) {
        pin(options);
    }

    @Override
    public void customizeHttpsServer(HttpServerOptions options) {
        pin(options);
    }

    private static void pin(HttpServerOptions options) {
        options.setHttp2ClearTextEnabled(false).setUseAlpn(false);
    }
}
