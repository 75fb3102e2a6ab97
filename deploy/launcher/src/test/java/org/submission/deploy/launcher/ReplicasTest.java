package org.submission.deploy.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.submission.deploy.testing.FrontDoorClient;
import org.submission.deploy.testing.TwoReplicasBehindTheGateway;

/**
 * {@code ./run.sh --replicas 2}: two replicas of each real service (processes) on one database
 * behind the gateway, with the request suite of {@link TwoReplicasBehindTheGateway}: each
 * service's requests pass through it, the gateway spreads them over the replicas and takes a
 * replica that stops out of the turn without a failed request. The gateway, like ingress-nginx,
 * never sends a 503 again: a rolling restart without one is the services' shutdown delay.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReplicasTest implements TwoReplicasBehindTheGateway {

    private ReplicatedStack stack;
    private FrontDoorClient client;

    @BeforeAll
    void startTwoReplicasOfEachService() throws Exception {
        stack = ReplicatedStack.start(2);
        client = new FrontDoorClient(URI.create(stack.gateway()), stack.backendUser(), stack.backendPassword());
    }

    @AfterAll
    void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    /**
     * Every service rolled, one replica at a time, while 8 clients call all three: the replica told
     * to stop keeps serving with its readiness down until the gateway has taken it out of the turn.
     * One client asks the DOI service, so that no two lookups of its DOI meet on a replica that has
     * not cached it yet (the second would get the DOI service's 429 for a lookup under way).
     */
    @Test
    @Order(Integer.MAX_VALUE - 1)
    void aRollingRestartUnderEightClientsAnswersNo503() throws Exception {
        List<String> requests = List.of(SPREAD_REQUESTS.get("doi-service").get(0),
                SPREAD_REQUESTS.get("policy-service").get(0), SPREAD_REQUESTS.get("schema-service").get(0));
        Map<String, LongAdder> answers = new ConcurrentHashMap<>();
        AtomicBoolean sending = new AtomicBoolean(true);
        ExecutorService clients = Executors.newFixedThreadPool(8);
        for (int c = 0; c < 8; c++) {
            String request = requests.get(c == 0 ? 0 : 1 + c % 2);
            clients.submit(() -> {
                while (sending.get()) {
                    String outcome;
                    try {
                        HttpResponse<String> answer = client.get(request, "t");
                        outcome = answer.statusCode() == 200 ? "200" : answer.statusCode() + " " + answer.body();
                    } catch (Exception e) {
                        outcome = e.toString();
                    }
                    answers.computeIfAbsent(outcome, o -> new LongAdder()).increment();
                }
            });
        }
        for (String service : SPREAD_REQUESTS.keySet()) {
            stack.roll(service);
        }
        sending.set(false);
        clients.shutdown();
        assertThat(clients.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
        System.out.println("Answers during the rolling restart of every service: " + answers);

        assertThat(answers).containsOnlyKeys("200");
        assertThat(answers.get("200").sum()).isGreaterThan(100);
    }

    @Override
    public FrontDoorClient client() {
        return client;
    }

    @Override
    public URI replica(String service, int index) {
        return URI.create("http://127.0.0.1:" + stack.replicas(service).get(index).spec().port());
    }

    @Override
    public void stopReplica(String service, int index) {
        ServiceProcess replica = stack.replicas(service).get(index);
        replica.requestStop();
        replica.awaitStop(Duration.ofSeconds(30));
    }
}
