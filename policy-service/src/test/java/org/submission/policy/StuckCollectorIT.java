package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager.TestInjector;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.IntegrationTestService;
import org.submission.platform.testing.LoopbackClient;
import org.submission.platform.testing.RunningService;

/**
 * Traces on, and an OTLP collector that accepts connections and never reads or answers: anonymous requests
 * with the User-Agent and query sizes an ingress passes by default (8,000 and 3,900 bytes), twice as many as
 * once filled the images' 128 MB heap, from 8 clients. Each span's copy of them is cut to the attribute
 * limit and the spans waiting for the collector are bounded, so the service stays up and answering.
 */
@QuarkusIntegrationTest
@WithTestResource(value = StuckCollectorIT.StuckCollector.class, scope = TestResourceScope.MATCHING_RESOURCES)
class StuckCollectorIT {

    private static final int CLIENTS = 8;
    private static final int REQUESTS_EACH = 600;

    @StuckCollector.Injected
    StuckCollector collector;

    @Test
    void largeRequestsWhileTheCollectorNeverAnswersLeaveTheServiceUpAndAnswering() throws Exception {
        RunningService service = IntegrationTestService.current();
        Map<Integer, AtomicInteger> statuses = send(service.port());
        System.out.printf("StuckCollectorIT: %d requests of 12 KB with the collector stuck: statuses %s; "
                + "connections the collector holds: %d; heap used after: %s%n", CLIENTS * REQUESTS_EACH,
                statuses, collector.held().size(), heapUsed(service));

        assertThat(statuses).containsOnlyKeys(401);
        assertThat(statuses.get(401)).hasValue(CLIENTS * REQUESTS_EACH);
        assertThat(collector.held()).as("the exporter reached the collector").isNotEmpty();
        assertThat(service.alive()).isTrue();
        assertThat(service.get("/policy/policies?submission=60").statusCode()).isEqualTo(200);
    }

    private static Map<Integer, AtomicInteger> send(int port) throws Exception {
        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        String target = "/policy/policies?submission=60&q=" + "x".repeat(3_900);
        String userAgent = "User-Agent: " + "u".repeat(8_000);
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<?>> clients = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                clients.add(pool.submit(() -> {
                    try (LoopbackClient client = new LoopbackClient("127.0.0.1", port)) {
                        for (int i = 0; i < REQUESTS_EACH; i++) {
                            statuses.computeIfAbsent(client.get(target, userAgent).status(), s -> new AtomicInteger())
                                    .incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> client : clients) {
                client.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return statuses;
    }

    private static String heapUsed(RunningService service) throws Exception {
        double bytes = service.get("/q/metrics").body().lines()
                .filter(line -> line.startsWith("jvm_memory_used_bytes{") && line.contains("area=\"heap\""))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))).sum();
        return String.format("%.1f MB", bytes / 1e6);
    }

    /**
     * The demo service of {@link DemoPolicyService} with traces on, exported to a collector on a
     * loopback port that accepts connections and never reads or answers; a service of its own, since
     * no other test's service may have its spans stuck.
     */
    public static class StuckCollector extends DemoPolicyService {

        /** The test's field that is given this collector. */
        @Retention(RetentionPolicy.RUNTIME)
        @Target(ElementType.FIELD)
        public @interface Injected {
        }

        private final List<Socket> held = new CopyOnWriteArrayList<>();
        private ServerSocket socket;

        /** The connections the exporter opened, held open unread. */
        public List<Socket> held() {
            return held;
        }

        @Override
        protected Map<String, String> settings() {
            try {
                socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Thread acceptor = new Thread(() -> {
                while (!socket.isClosed()) {
                    try {
                        held.add(socket.accept());
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            Map<String, String> settings = new HashMap<>(super.settings());
            settings.putAll(Map.of("quarkus.otel.sdk.disabled", "false",
                    "quarkus.otel.exporter.otlp.traces.endpoint", "http://127.0.0.1:" + socket.getLocalPort()));
            return settings;
        }

        @Override
        public void inject(TestInjector injector) {
            injector.injectIntoFields(this, new TestInjector.AnnotatedAndMatchesType(Injected.class, StuckCollector.class));
        }

        @Override
        public void stop() {
            try {
                socket.close();
                for (Socket connection : held) {
                    connection.close();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            super.stop();
        }
    }
}
