package org.submission.deploy.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.deploy.testing.FakeService;

/**
 * The gateway in front of three fake services on loopback, one that is down, and one with a short answer timeout;
 * and in front of two replicas of a service, the first answering 503.
 */
class GatewayTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final String BUSY = "Too many requests to Unpaywall are waiting for a turn; try again later.";

    private static FakeService schema;
    private static FakeService policy;
    private static Gateway gateway;
    private static Gateway gatewayWithDoiDown;
    private static Gateway impatientGateway;
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
        impatientGateway = Gateway.start("127.0.0.1", 0, RouteTable.of(Map.of(
                RouteTable.SCHEMA, schema.uri(), RouteTable.POLICY, policy.uri(), RouteTable.DOI, doi.uri())),
                Duration.ofSeconds(1));
    }

    @AfterAll
    static void stop() {
        gateway.close();
        gatewayWithDoiDown.close();
        impatientGateway.close();
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
        assertThat(echo.get("x-forwarded-proto").asText()).isEqualTo("http");
        assertThat(answer.headers().allValues("Set-Cookie")).containsExactlyInAnyOrder(
                "XSRF-TOKEN=abc; Path=/; SameSite=Lax", "other=1; Path=/");
    }

    @Test
    void traceContextHeadersPassUnchanged() throws Exception {
        String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        String tracestate = "rojo=00f067aa0ba902b7,congo=t61rcWkgMzE";
        HttpResponse<String> answer = send(HttpRequest.newBuilder(gateway.baseUri().resolve("/doi/journal?doi=10.1/x"))
                .header("traceparent", traceparent).header("tracestate", tracestate));

        JsonNode echo = JSON.readTree(answer.body());
        assertThat(echo.get("traceparent").asText()).isEqualTo(traceparent);
        assertThat(echo.get("tracestate").asText()).isEqualTo(tracestate);
    }

    /** As ingress-nginx: a draining service's 503 is the client's; the service's shutdown delay is what avoids it. */
    @Test
    void getAnsweredAsDrainingIsPassedThroughAndNotSentAgain() throws Exception {
        try (FakeService draining = FakeService.unavailable("The service is stopping; try again: another replica answers.",
                503, Map.of("Connection", "close", "Retry-After", "1"));
             FakeService next = FakeService.start(RouteTable.DOI);
             Gateway replicated = inFrontOf(draining, next)) {
            HttpResponse<String> answer = send(HttpRequest.newBuilder(replicated.baseUri().resolve("/doi/journal?doi=10.1/x")));

            assertThat(answer.statusCode()).isEqualTo(503);
            assertThat(List.of(draining.requests(), next.requests())).containsExactly(1, 0);
        }
    }

    /** A busy service's own 503 (no turn at an upstream, no validation slot) is the client's answer. */
    @Test
    void busyServices503IsPassedThroughUnchangedAndNotSentAgain() throws Exception {
        try (FakeService busy = FakeService.unavailable(BUSY, 200, Map.of("Retry-After", "2"));
             FakeService next = FakeService.start(RouteTable.DOI);
             Gateway replicated = inFrontOf(busy, next)) {
            HttpResponse<String> answer = send(HttpRequest.newBuilder(replicated.baseUri().resolve("/doi/journal?doi=10.1/x")));

            assertThat(answer.statusCode()).isEqualTo(503);
            assertThat(answer.headers().firstValue("Retry-After")).hasValue("2");
            assertThat(JSON.readTree(answer.body()).get("error").asText()).isEqualTo(BUSY);
            assertThat(next.requests()).isZero();
        }
    }

    @Test
    void busyReplicaStaysInTheTurn() throws Exception {
        try (FakeService busy = FakeService.unavailable(BUSY, 200, Map.of("Retry-After", "2"));
             FakeService next = FakeService.start(RouteTable.DOI);
             Gateway replicated = inFrontOf(busy, next)) {
            for (int i = 0; i < 3; i++) {
                send(HttpRequest.newBuilder(replicated.baseUri().resolve("/doi/journal?doi=10.1/x" + i)));
            }

            // round robin: the first and the third request are the busy replica's turn
            assertThat(List.of(busy.requests(), next.requests())).containsExactly(2, 1);
        }
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
    void forwardedHeadersFromTheClientAreReplaced() throws Exception {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(gateway.baseUri().resolve("/doi/journal"))
                .header("X-Forwarded-For", "10.6.6.6").header("X-Forwarded-Host", "evil.example"));

        JsonNode echo = JSON.readTree(answer.body());
        assertThat(echo.get("x-forwarded-for").asText()).isEqualTo("127.0.0.1");
        assertThat(echo.get("x-forwarded-host").asText()).isEqualTo("127.0.0.1:" + gateway.port());
    }

    @Test
    void servicesAreReachedFromTheGatewaysOwnLoopbackAddress() throws Exception {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(gateway.baseUri().resolve("/doi/journal")));

        assertThat(Gateway.SOURCE_ADDRESS).contains("127.0.0.2");
        assertThat(JSON.readTree(answer.body()).get("peer").asText()).isEqualTo("127.0.0.2");
    }

    /** Paths a client library would refuse to send are written on a plain socket. */
    @ParameterizedTest
    @ValueSource(strings = {"/doi/%2e%2e/q/metrics", "/doi/%2E%2e/q", "/doi/x%2fy", "/doi/%5c..", "/doi/%u002e%u002e/q",
            "/doi/%zz", "/doi/50%"})
    void pathHidingSegmentsOrBadlyEscapedIsJson400(String path) throws Exception {
        String answer = raw(gateway, "GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 400").containsIgnoringCase("content-type: application/json");
        assertThat(JSON.readTree(answer.substring(answer.indexOf("\r\n\r\n"))).get("error").asText())
                .startsWith("Malformed request path");
    }

    @Test
    void requestTheHttpDecoderRefusesIsJson() throws Exception {
        String answer = raw(gateway, "GET /doi/journal?" + "x".repeat(10_000) + " HTTP/1.1\r\nHost: x\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.").contains(" 414 ").containsIgnoringCase("content-type: application/json");
        assertThat(JSON.readTree(answer.substring(answer.indexOf("\r\n\r\n"))).get("error").asText())
                .isEqualTo("The request URI is too long.");
    }

    /** The PASS UI reads the XSRF-TOKEN cookie before its first call, on any page: the gateway issues it. */
    @ParameterizedTest
    @ValueSource(strings = {"/app/", "/doi/journal/plain", "/nothing", "/doi/%2e%2e/q"})
    void answerToARequestWithoutTheXsrfCookieIssuesOne(String path) throws Exception {
        String answer = raw(gateway, "GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");

        assertThat(answer).containsPattern("(?i)set-cookie: XSRF-TOKEN=[0-9a-f]{32}; Path=/; SameSite=Lax\r\n")
                .doesNotContainPattern("(?i)set-cookie: XSRF-TOKEN=.*(HttpOnly|Secure)");
    }

    @Test
    void everyIssuedXsrfTokenIsNew() throws Exception {
        HttpResponse<String> first = send(HttpRequest.newBuilder(gateway.baseUri().resolve("/app/")));
        HttpResponse<String> second = send(HttpRequest.newBuilder(gateway.baseUri().resolve("/app/")));

        assertThat(first.headers().firstValue("Set-Cookie")).isNotEqualTo(second.headers().firstValue("Set-Cookie"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/app/", "/doi/journal/plain"})
    void requestCarryingTheXsrfCookieGetsNoNewOne(String path) throws Exception {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(gateway.baseUri().resolve(path))
                .header("Cookie", "other=2; XSRF-TOKEN=mine"));

        assertThat(answer.headers().allValues("Set-Cookie")).isEmpty();
    }

    @Test
    void xsrfCookieTheServiceIssuesIsTheOnlyOne() throws Exception {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(gateway.baseUri().resolve("/doi/journal")));

        assertThat(answer.headers().allValues("Set-Cookie")).containsExactlyInAnyOrder(
                "XSRF-TOKEN=abc; Path=/; SameSite=Lax", "other=1; Path=/");
    }

    @Test
    void serviceTooSlowIsJson504NamingTheService() throws Exception {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(impatientGateway.baseUri().resolve("/doi/slow")));

        assertThat(answer.statusCode()).isEqualTo(504);
        assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(JSON.readTree(answer.body()).get("error").asText()).isEqualTo("The doi-service did not answer within 1 s.");
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

    /** A gateway whose DOI service has two replicas, {@code first} first in turn. */
    private static Gateway inFrontOf(FakeService first, FakeService second) throws IOException {
        return Gateway.start("127.0.0.1", 0, RouteTable.ofReplicas(Map.of(RouteTable.SCHEMA, List.of(schema.uri()),
                RouteTable.POLICY, List.of(policy.uri()), RouteTable.DOI, List.of(first.uri(), second.uri()))));
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String raw(Gateway target, String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", target.port())) {
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    /** An address where nothing listens: a port taken from the system and released. */
    private static URI closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return URI.create("http://127.0.0.1:" + socket.getLocalPort());
        }
    }
}
