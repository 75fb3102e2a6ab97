package org.submission.deploy.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The request suite of two replicas of each service on one database behind the gateway, run by
 * every test class that implements it: the launcher's replicas (processes, {@code ReplicasTest})
 * and the images' (containers, {@code ReplicatedContainersTest}). DOI lookups of {@link #DOI} are
 * answered by a WireMock upstream with the offline stub's files (launcher {@code offline/}).
 * The replica stopped by the last test stays stopped.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public interface TwoReplicasBehindTheGateway {

    String DOI = "10.4137/CMC.S38446";
    /** A request of each service that is answered from the replica's own work, and the path its metrics count it under. */
    Map<String, List<String>> SPREAD_REQUESTS = Map.of(
            "schema-service", List.of("/schemaservice?entityIds=12", "/schemaservice"),
            "policy-service", List.of("/policy/policies?submission=60", "/policy/policies"),
            "doi-service", List.of("/doi/journal?doi=" + DOI, "/doi/journal"));
    ObjectMapper JSON = new ObjectMapper();

    /** A client of the gateway with the services' backend account. */
    FrontDoorClient client();

    /** The base address of a replica's own port (0 or 1), where its /q/metrics are. */
    URI replica(String service, int index);

    /** Stops a replica as its platform does (SIGTERM, then the grace period); returns once it has stopped. */
    void stopReplica(String service, int index) throws Exception;

    @Test
    default void theFrontDoorIssuesTheUiAnXsrfCookie() throws Exception {
        assertThat(client().xsrfTokenOfTheFrontDoor()).as("XSRF-TOKEN=<32 hex digits>; on the UI's page").isPresent();
    }

    @Test
    default void schemaRequestsPassThroughTheGateway() throws Exception {
        String token = client().xsrfTokenOfTheFrontDoor().orElseThrow();

        JsonNode schemas = ok(client().get("/schemaservice?entityIds=12", token));
        JsonNode merged = ok(client().get("/schema?entityIds=12&merge=true", token));
        JsonNode validation = ok(client().post("/schemaservice/validate?entityIds=12", "application/json",
                "{\"title\": \"On yeast\", \"journal-title\": \"J Ex Biol\"}", token));

        assertThat(schemas).hasSize(2);
        assertThat(merged).hasSize(1);
        assertThat(merged.get(0).has("allOf")).as("one union schema: %s", merged).isTrue();
        assertThat(validation.path("valid").asBoolean(true)).isFalse();
        assertThat(validation.findValuesAsText("pointer")).contains("/authors");
    }

    @Test
    default void policyRequestsPassThroughTheGateway() throws Exception {
        String token = client().xsrfTokenOfTheFrontDoor().orElseThrow();

        JsonNode policies = ok(client().get("/policy/policies?submission=60", token));
        JsonNode repositories = ok(client().get("/policy/repositories?submission=60", token));
        JsonNode posted = ok(client().post("/policy-service/repositories", "application/x-www-form-urlencoded",
                "submission=60", token));

        // the demo's policies for submission 60 depend on whether the stack runs the demo's policy rules
        // (the launcher does, the images do not): what this checks is the way through the gateway
        assertThat(policies.findValuesAsText("type")).contains("funder", "institution");
        assertThat(repositories.path("required").findValuesAsText("url")).contains("11");
        assertThat(repositories.path("optional").findValuesAsText("url")).containsExactly("12");
        assertThat(posted).isEqualTo(repositories);
    }

    @Test
    default void doiRequestsPassThroughTheGateway() throws Exception {
        String token = client().xsrfTokenOfTheFrontDoor().orElseThrow();

        JsonNode journal = ok(client().get("/doi/journal?doi=" + DOI, token));
        JsonNode manuscript = ok(client().get("/doi/manuscript?doi=" + DOI, token));

        assertThat(journal.path("journal-id").asText()).isNotEmpty();
        assertThat(manuscript.path("manuscripts")).isNotEmpty();
    }

    @Test
    default void theGatewaySpreadsEachServicesRequestsOverBothReplicas() throws Exception {
        for (Map.Entry<String, List<String>> service : SPREAD_REQUESTS.entrySet()) {
            String request = service.getValue().get(0);
            String counted = service.getValue().get(1);
            double[] before = {servedBy(service.getKey(), 0, counted), servedBy(service.getKey(), 1, counted)};

            for (int i = 0; i < 10; i++) {
                ok(client().get(request, "t"));
            }

            double[] served = new double[2];
            for (long deadline = System.nanoTime() + 5_000_000_000L; System.nanoTime() < deadline; Thread.sleep(100)) {
                served[0] = servedBy(service.getKey(), 0, counted) - before[0];
                served[1] = servedBy(service.getKey(), 1, counted) - before[1];
                if (served[0] + served[1] >= 10) {
                    break;   // a replica counts a request once its answer is sent, a moment after the client has it
                }
            }
            for (int replica = 0; replica < 2; replica++) {
                assertThat(served[replica]).as("%s requests served by replica %d, by its own metrics", service.getKey(), replica + 1)
                        .isBetween(4.0, 6.0);
            }
        }
    }

    @Test
    @Order(Integer.MAX_VALUE)
    default void aReplicaThatStopsLeavesTheTurnWithoutAFailedClientRequest() throws Exception {
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        AtomicBoolean sending = new AtomicBoolean(true);
        AtomicInteger sent = new AtomicInteger();
        ExecutorService clients = Executors.newFixedThreadPool(4);
        for (int c = 0; c < 4; c++) {
            clients.submit(() -> {
                while (sending.get()) {
                    try {
                        HttpResponse<String> answer = client().get("/policy/policies?submission=60", "t");
                        if (answer.statusCode() != 200) {
                            failures.add(answer.statusCode() + " " + answer.body());
                        }
                    } catch (Exception e) {
                        failures.add(e.toString());
                    }
                    sent.incrementAndGet();
                }
            });
        }
        Thread.sleep(1_000);
        stopReplica("policy-service", 1);
        Thread.sleep(3_000);
        sending.set(false);
        clients.shutdown();
        assertThat(clients.awaitTermination(60, TimeUnit.SECONDS)).isTrue();

        assertThat(failures).as("of %d requests", sent.get()).isEmpty();
        assertThat(sent.get()).isGreaterThan(10);
    }

    private double servedBy(String service, int replica, String path) throws Exception {
        return FrontDoorClient.requestsServed(replica(service, replica), path);
    }

    /** The body of a 200 answer, read as JSON. */
    private static JsonNode ok(HttpResponse<String> answer) throws Exception {
        assertThat(answer.statusCode()).as("%s: %s", answer.uri(), answer.body()).isEqualTo(200);
        return JSON.readTree(answer.body());
    }
}
