package org.submission.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.PackagedService;
import org.submission.platform.testing.Requests;

/**
 * The operator's guide's rotation of the proxy secret and the backend password, with packaged services
 * standing for the pods of each step (the old values only, both, the new values only), each roll one pod at
 * a time, while 8 clients call without pause: four people through the authenticating proxy and four as
 * PASS's backend, each switching to the new values at a moment of its own once every pod accepts both.
 * No request is refused: no 401, no 429. Its own launcher, not Quarkus': several instances, started and
 * stopped one at a time.
 */
class SecretRotationIT {

    private static final String PATH = "/policy/policies?submission=60";
    private static final String OLD_SECRET = "proxy-secret-old";
    private static final String NEW_SECRET = "proxy-secret-new";
    private static final String OLD_PASSWORD = "backend-password-old";
    private static final String NEW_PASSWORD = "backend-password-new";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    /** The pods behind the ingress, taken in turn; a pod leaves the list before it is stopped, as an endpoint does. */
    private final List<PackagedService> pods = new CopyOnWriteArrayList<>();
    private final AtomicInteger turn = new AtomicInteger();
    private final AtomicInteger answered = new AtomicInteger();
    private final Map<String, AtomicInteger> statuses = new ConcurrentHashMap<>();
    private final AtomicInteger clientsSwitched = new AtomicInteger();
    private volatile boolean passSwitched;
    private volatile boolean stop;

    @Test
    void aRotationUnderEightClientsRefusesNoRequest() throws Exception {
        Map<String, String> database = new HashMap<>(FreshDatabase.create().settings());
        database.put("SUBMISSION_SEED_DEMO", "true");
        database.put("SUBMISSION_PROXY_AUTH", "true");
        List<PackagedService> started = new ArrayList<>();
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try {
            PackagedService before = start(started, database, Map.of(
                    "SUBMISSION_PROXY_SECRET", OLD_SECRET, "SUBMISSION_BACKEND_PASSWORD", OLD_PASSWORD));
            pods.add(before);
            List<Future<?>> running = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                int client = i;
                running.add(clients.submit(() -> call(client)));
            }
            Map<String, String> both = Map.of("SUBMISSION_PROXY_SECRET", OLD_SECRET, "SUBMISSION_PROXY_SECRET_NEXT", NEW_SECRET,
                    "SUBMISSION_BACKEND_PASSWORD", OLD_PASSWORD, "SUBMISSION_BACKEND_PASSWORD_NEXT", NEW_PASSWORD);
            PackagedService withBoth = roll(started, database, both, before);

            passSwitched = true;
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (clientsSwitched.get() < 8 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            awaitAnswers(100);

            PackagedService after = roll(started, database, Map.of(
                    "SUBMISSION_PROXY_SECRET", NEW_SECRET, "SUBMISSION_BACKEND_PASSWORD", NEW_PASSWORD), withBoth);
            stop = true;
            for (Future<?> client : running) {
                client.get();
            }
            System.out.printf("SecretRotationIT: %d requests through three configurations, statuses %s%n",
                    answered.get(), statuses);

            assertThat(clientsSwitched).hasValue(8);
            // a 503 with Retry-After is a pod shedding load (its pool busy on a crowded machine), not a refusal
            assertThat(statuses.keySet()).contains("200").isSubsetOf("200", "503 retry");
            assertThat(after.log()).doesNotContain("Failed authentications");
        } finally {
            stop = true;
            clients.shutdownNow();
            started.forEach(PackagedService::close);
        }
    }

    private static PackagedService start(List<PackagedService> started, Map<String, String> database,
                                         Map<String, String> secrets) {
        Map<String, String> settings = new HashMap<>(database);
        settings.put("SUBMISSION_BACKEND_USER", Requests.BACKEND);
        settings.putAll(secrets);
        PackagedService pod = PackagedService.start(settings);
        started.add(pod);
        return pod.awaitReady(Duration.ofSeconds(300));
    }

    /** A new pod joins, answers a while beside the old one, then the old one leaves and stops. */
    private PackagedService roll(List<PackagedService> started, Map<String, String> database,
                                 Map<String, String> secrets, PackagedService old) throws InterruptedException {
        PackagedService next = start(started, database, secrets);
        pods.add(next);
        awaitAnswers(100);
        pods.remove(old);
        Thread.sleep(1_000);
        old.close();
        awaitAnswers(100);
        return next;
    }

    private void awaitAnswers(int more) throws InterruptedException {
        int target = answered.get() + more;
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (answered.get() < target && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    /**
     * Clients 0-3 are people through the proxy, 4-7 the backend, each sending a request every 20 ms or so;
     * client i switches i * 5 requests after PASS did.
     */
    private void call(int client) {
        int sinceSwitch = 0;
        boolean fresh = false;
        while (!stop) {
            if (!fresh && passSwitched && sinceSwitch++ >= client * 5) {
                fresh = true;
                clientsSwitched.incrementAndGet();
            }
            List<PackagedService> now = List.copyOf(pods);
            PackagedService pod = now.get(Math.floorMod(turn.getAndIncrement(), now.size()));
            HttpRequest.Builder request = HttpRequest.newBuilder(pod.uri(PATH)).timeout(Duration.ofSeconds(30));
            if (client < 4) {
                request.header("X-Proxy-Secret", fresh ? NEW_SECRET : OLD_SECRET).header("Eppn", "alice@example.edu");
            } else {
                request.header("Authorization", "Basic " + Base64.getEncoder().encodeToString((Requests.BACKEND + ":"
                        + (fresh ? NEW_PASSWORD : OLD_PASSWORD)).getBytes(StandardCharsets.UTF_8)));
            }
            String status;
            try {
                HttpResponse<Void> answer = http.send(request.build(), HttpResponse.BodyHandlers.discarding());
                status = answer.statusCode() + (answer.headers().firstValue("Retry-After").isPresent() ? " retry" : "");
            } catch (Exception e) {
                status = e.getClass().getSimpleName();
            }
            statuses.computeIfAbsent(status, s -> new AtomicInteger()).incrementAndGet();
            answered.incrementAndGet();
            // a steady load, not a flood that would starve the next pod's start on a shared machine
            LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
        }
    }
}
