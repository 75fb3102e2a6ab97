package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
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
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.LoopbackClient;
import org.submission.platform.testing.PackagedService;

/**
 * Traces on, and an OTLP collector that accepts connections and never reads or answers: anonymous requests
 * with the User-Agent and query sizes an ingress passes by default (8,000 and 3,900 bytes), twice as many as
 * once filled the images' 128 MB heap, from 8 clients. Each span's copy of them is cut to the attribute
 * limit and the spans waiting for the collector are bounded, so the service stays up and answering.
 */
class StuckCollectorIT {

    private static final int CLIENTS = 8;
    private static final int REQUESTS_EACH = 600;

    @Test
    void largeRequestsWhileTheCollectorNeverAnswersLeaveTheServiceUpAndAnswering() throws Exception {
        List<Socket> held = new CopyOnWriteArrayList<>();
        try (ServerSocket collector = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                while (!collector.isClosed()) {
                    try {
                        held.add(collector.accept());
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            Map<String, String> settings = new HashMap<>(FreshDatabase.create().settings());
            settings.put("SUBMISSION_SEED_DEMO", "true");
            settings.put("QUARKUS_OTEL_SDK_DISABLED", "false");
            settings.put("QUARKUS_OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://127.0.0.1:" + collector.getLocalPort());
            try (PackagedService service = PackagedService.start(settings).awaitReady(Duration.ofSeconds(120))) {
                Map<Integer, AtomicInteger> statuses = send(service.port());
                System.out.printf("StuckCollectorIT: %d requests of 12 KB with the collector stuck: statuses %s; "
                        + "connections the collector holds: %d; heap used after: %s%n", CLIENTS * REQUESTS_EACH,
                        statuses, held.size(), heapUsed(service));

                assertThat(statuses).containsOnlyKeys(401);
                assertThat(statuses.get(401)).hasValue(CLIENTS * REQUESTS_EACH);
                assertThat(held).as("the exporter reached the collector").isNotEmpty();
                assertThat(service.process().isAlive()).isTrue();
                assertThat(service.get("/policy/policies?submission=60").statusCode()).isEqualTo(200);
            }
        } finally {
            for (Socket socket : held) {
                socket.close();
            }
        }
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

    private static String heapUsed(PackagedService service) throws Exception {
        double bytes = service.get("/q/metrics").body().lines()
                .filter(line -> line.startsWith("jvm_memory_used_bytes{") && line.contains("area=\"heap\""))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))).sum();
        return String.format("%.1f MB", bytes / 1e6);
    }
}
