package org.submission.deploy.gateway;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The local stand-in for the Kubernetes ingress: one port, the services behind it by path
 * prefix. The JDK's HTTP server and client keep it dependency-free and quick to start; each
 * request holds one thread while it is forwarded, which is plenty for a developer's machine.
 */
public final class Gateway implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService threads;

    private Gateway(HttpServer server, ExecutorService threads) {
        this.server = server;
        this.threads = threads;
    }

    /** Binds {@code host:port} (port 0 = any free port) and starts serving. */
    public static Gateway start(String host, int port, RouteTable routes) throws IOException {
        AtomicInteger count = new AtomicInteger();
        ExecutorService threads = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "gateway-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(2))
                .executor(threads)
                .build();
        HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 128);
        server.createContext("/", new Forwarder(routes, client, Duration.ofSeconds(60)));
        server.setExecutor(threads);
        server.start();
        return new Gateway(server, threads);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public URI baseUri() {
        return URI.create("http://" + server.getAddress().getHostString() + ":" + port());
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
