package org.submission.deploy.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.deploy.testing.FakeService;

/** The gateway in front of three fake services on loopback, and one that is down. */
class GatewayTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private static FakeService schema;
    private static FakeService policy;
    private static Gateway gateway;
    private static Gateway gatewayWithDoiDown;
    private static FakeService doi;

    @BeforeAll
    static void start() throws IOException {
        schema = FakeService.start(RouteTable.SCHEMA);
        policy = FakeService.start(RouteTable.POLICY);
        doi = FakeService.start(RouteTable.DOI);
        gateway = Gateway.start("127.0.0.1", 0, RouteTable.of(Map.of(
                RouteTable.SCHEMA, schema.uri(), RouteTable.POLICY, policy.uri(), RouteTable.DOI, doi.uri())));
        gatewayWithDoiDown = Gateway.start("127.0.0.1", 0, RouteTable.of(Map.of(
                RouteTable.SCHEMA, schema.uri(), RouteTable.POLICY, policy.uri(), RouteTable.DOI, closedPort())));
    }

    @AfterAll
    static void stop() {
        gateway.close();
        gatewayWithDoiDown.close();
        schema.close();
        policy.close();
        doi.close();
    }

    @ParameterizedTest
    @CsvSource({
            "/schemaservice?entityIds=10, schema-service",
            "'/schemaservice?entityIds=10,11&merge=true', schema-service",
            "/schema?entityIds=10, schema-service",
            "/policy/policies?submission=60, policy-service",
            "/policy/repositories?submission=60, policy-service",
            "/policy-service/policies?submission=60, policy-service",
            "/policy-service/repositories?submission=60, policy-service",
            "/doi/journal?doi=10.4137/CMC.S38446, doi-service",
            "/doi/manuscript?doi=10.4137%2FCMC.S38446, doi-service"})
    void everyPrefixReachesItsServiceWithPathAndQueryUnchanged(String pathAndQuery, String service) throws Exception {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(gateway.baseUri().resolve(pathAndQuery)).GET());

        assertThat(answer.statusCode()).isEqualTo(200);
        JsonNode echo = JSON.readTree(answer.body());
        assertThat(echo.get("service").asText()).isEqualTo(service);
        URI sent = URI.create(pathAndQuery);
        assertThat(echo.get("path").asText()).isEqualTo(sent.getRawPath());
        assertThat(echo.get("query").asText()).isEqualTo(sent.getRawQuery());
    }

    @Test
    void postBodyIsStreamedToTheService() throws Exception {
        byte[] body = new byte[3 * 1024 * 1024];
        HttpResponse<String> answer = send(HttpRequest.newBuilder(gateway.baseUri().resolve("/schemaservice/validate?entityIds=10"))
                .header("Content-Type", "application/json")
                .expectContinue(true)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)));

        JsonNode echo = JSON.readTree(answer.body());
        assertThat(echo.get("method").asText()).isEqualTo("POST");
        assertThat(echo.get("content-type").asText()).isEqualTo("application/json");
        assertThat(echo.get("bodyLength").asInt()).isEqualTo(body.length);
    }

    @Test
    void credentialsCookiesAndIdentityHeadersPassBothWays() throws Exception {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(gateway.baseUri().resolve("/doi/journal?doi=10.1/x"))
                .header("Authorization", "Basic ZGVtbzpkZW1v")
                .header("Cookie", "XSRF-TOKEN=t")
                .header("X-XSRF-TOKEN", "t")
                .header("Eppn", "alice@example.edu"));

        JsonNode echo = JSON.readTree(answer.body());
        assertThat(echo.get("authorization").asText()).isEqualTo("Basic ZGVtbzpkZW1v");
        assertThat(echo.get("cookie").asText()).isEqualTo("XSRF-TOKEN=t");
        assertThat(echo.get("x-xsrf-token").asText()).isEqualTo("t");
        assertThat(echo.get("eppn").asText()).isEqualTo("alice@example.edu");
        assertThat(echo.get("x-forwarded-host").asText()).isEqualTo("127.0.0.1:" + gateway.port());
        assertThat(echo.get("x-forwarded-for").asText()).isEqualTo("127.0.0.1");
        assertThat(answer.headers().allValues("Set-Cookie")).containsExactlyInAnyOrder(
                "XSRF-TOKEN=abc; Path=/; SameSite=Lax", "other=1; Path=/");
    }

    @Test
    void serviceErrorStatusIsPassedThrough() throws Exception {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(gateway.baseUri().resolve("/policy/missing")));

        assertThat(answer.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(answer.body()).get("service").asText()).isEqualTo(RouteTable.POLICY);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/schemas", "/schemaservicex", "/q/health/ready", "/q/metrics", "/doi/../q/metrics",
            "/nothing/here?x=1"})
    void unknownPathIsJson404(String path) throws Exception {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(gateway.baseUri().resolve(path)));

        assertThat(answer.statusCode()).isEqualTo(404);
        assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(JSON.readTree(answer.body()).get("error").asText()).startsWith("No service at ");
    }

    @Test
    void encodedDotSegmentsAreRefused() throws Exception {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(gateway.baseUri().resolve("/doi/%2e%2e/q/metrics")));

        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(answer.body()).get("error").asText()).isEqualTo("Malformed request path.");
    }

    @Test
    void serviceDownIsJson502NamingTheService() throws Exception {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(
                gatewayWithDoiDown.baseUri().resolve("/doi/journal?doi=10.4137/CMC.S38446")));

        assertThat(answer.statusCode()).isEqualTo(502);
        assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(JSON.readTree(answer.body()).get("error").asText())
                .isEqualTo("The doi-service is not reachable; is it running?");
    }

    @Test
    void otherServicesStillAnswerWhileOneIsDown() throws Exception {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(gatewayWithDoiDown.baseUri().resolve("/schema?entityIds=10")));

        assertThat(answer.statusCode()).isEqualTo(200);
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** An address where nothing listens: a port taken from the system and released. */
    private static URI closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return URI.create("http://127.0.0.1:" + socket.getLocalPort());
        }
    }
}
