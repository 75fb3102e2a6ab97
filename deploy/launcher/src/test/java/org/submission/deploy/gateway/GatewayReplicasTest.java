package org.submission.deploy.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.submission.deploy.testing.FakeService;

/** The gateway in front of several replicas of a service (fakes here; the real services in ReplicasTest). */
class GatewayReplicasTest {

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void aRequestToAReplicaThatRefusesConnectionsGoesToTheNextOne() throws Exception {
        URI stopped;
        try (ServerSocket socket = new ServerSocket(0)) {
            stopped = URI.create("http://127.0.0.1:" + socket.getLocalPort());
        }
        try (FakeService schema = FakeService.start(RouteTable.SCHEMA); FakeService other = FakeService.start(RouteTable.POLICY);
             Gateway gateway = Gateway.start("127.0.0.1", 0, RouteTable.ofReplicas(Map.of(RouteTable.SCHEMA,
                     List.of(stopped, schema.uri()), RouteTable.POLICY, List.of(other.uri()), RouteTable.DOI, List.of(other.uri()))))) {
            for (int i = 0; i < 4; i++) {
                HttpResponse<String> get = http.send(HttpRequest.newBuilder(gateway.baseUri().resolve("/schemaservice?entityIds=" + i))
                        .build(), HttpResponse.BodyHandlers.ofString());
                HttpResponse<String> post = http.send(HttpRequest.newBuilder(gateway.baseUri().resolve("/schemaservice/validate"))
                        .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());

                assertThat(get.statusCode()).isEqualTo(200);
                assertThat(get.body()).contains("\"service\":\"schema-service\"");
                assertThat(post.statusCode()).isEqualTo(200);
                assertThat(post.body()).contains("\"bodyLength\":2");
            }
        }
    }
}
