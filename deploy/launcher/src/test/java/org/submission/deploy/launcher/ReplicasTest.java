package org.submission.deploy.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code ./run.sh --replicas 2}: two replicas of each real service on one database behind the
 * gateway. Each service's requests pass through it, the gateway spreads them over the replicas
 * and takes a replica that stops out of the turn without a failed request.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReplicasTest {

    private static final String DOI = "10.4137/CMC.S38446";
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private ReplicatedStack stack;

    @BeforeAll
    void startTwoReplicasOfEachService() throws Exception {
        stack = ReplicatedStack.start(2);
    }

    @AfterAll
    void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    void eachServicesRequestsPassThroughTheGatewayWithTheFrontDoorsXsrfCookie() throws Exception {
        HttpResponse<String> page = get("/app/", null);
        String cookie = page.headers().firstValue("Set-Cookie").orElseThrow();
        Matcher token = Pattern.compile("^XSRF-TOKEN=([0-9a-f]{32});").matcher(cookie);
        assertThat(token.find()).as("the front door's cookie: %s", cookie).isTrue();

        HttpResponse<String> schemas = get("/schemaservice?entityIds=10", token.group(1));
        assertThat(schemas.statusCode()).as(schemas.body()).isEqualTo(200);
        assertThat(schemas.body()).startsWith("[{");

        HttpResponse<String> policies = get("/policy/policies?submission=60", token.group(1));
        assertThat(policies.statusCode()).as(policies.body()).isEqualTo(200);
        assertThat(policies.body()).contains("\"funder\"", "\"institution\"");

        HttpResponse<String> journal = get("/doi/journal?doi=" + DOI, token.group(1));
        assertThat(journal.statusCode()).as(journal.body()).isEqualTo(200);
        assertThat(journal.body()).contains("\"journal-id\"");

        HttpResponse<String> manuscript = get("/doi/manuscript?doi=" + DOI, token.group(1));
        assertThat(manuscript.statusCode()).as(manuscript.body()).isEqualTo(200);
        assertThat(manuscript.body()).contains("\"manuscripts\"");
    }

    @Test
    void gatewaySpreadsRequestsOverTheReplicas() throws Exception {
        List<ServiceProcess> replicas = stack.replicas("schema-service");
        List<Double> before = new ArrayList<>();
        for (ServiceProcess replica : replicas) {
            before.add(schemaRequestsServed(replica));
        }

        for (int i = 0; i < 10; i++) {
            assertThat(get("/schemaservice?entityIds=12", "t").statusCode()).isEqualTo(200);
        }

        for (int i = 0; i < replicas.size(); i++) {
            assertThat(schemaRequestsServed(replicas.get(i)) - before.get(i)).as("requests served by replica %d", i + 1)
                    .isBetween(4.0, 6.0);
        }
    }

    @Test
    void aReplicaThatStopsLeavesTheTurnWithoutAFailedRequest() throws Exception {
        ServiceProcess second = stack.replicas("policy-service").get(1);
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        AtomicBoolean running = new AtomicBoolean(true);
        ExecutorService clients = Executors.newFixedThreadPool(4);
        int[] sent = new int[1];
        for (int c = 0; c < 4; c++) {
            clients.submit(() -> {
                while (running.get()) {
                    try {
                        HttpResponse<String> answer = get("/policy/policies?submission=60", "t");
                        if (answer.statusCode() != 200) {
                            failures.add(answer.statusCode() + " " + answer.body());
                        }
                    } catch (Exception e) {
                        failures.add(e.toString());
                    }
                    synchronized (sent) {
                        sent[0]++;
                    }
                }
                return null;
            });
        }
        Thread.sleep(1_000);
        second.requestStop();
        second.awaitStop(Duration.ofSeconds(30));
        Thread.sleep(3_000);
        running.set(false);
        clients.shutdown();
        assertThat(clients.awaitTermination(60, TimeUnit.SECONDS)).isTrue();

        assertThat(failures).as("of %d requests", sent[0]).isEmpty();
        assertThat(sent[0]).isGreaterThan(10);
    }

    private HttpResponse<String> get(String path, String xsrf) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(stack.gateway() + path))
                .timeout(Duration.ofSeconds(60)).header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        (stack.backendUser() + ":" + stack.backendPassword()).getBytes(StandardCharsets.UTF_8)));
        if (xsrf != null) {
            request.header("X-XSRF-TOKEN", xsrf).header("Cookie", "XSRF-TOKEN=" + xsrf);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The replica's own count of answered schema requests, from its /q/metrics. */
    private double schemaRequestsServed(ServiceProcess replica) throws Exception {
        String metrics = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + replica.spec().port() + "/q/metrics"))
                .build(), HttpResponse.BodyHandlers.ofString()).body();
        return metrics.lines().filter(l -> l.startsWith("http_server_requests_seconds_count") && l.contains("uri=\"/schemaservice\""))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }
}
