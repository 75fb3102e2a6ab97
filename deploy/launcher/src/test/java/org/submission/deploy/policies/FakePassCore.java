package org.submission.deploy.policies;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.QueryParameter;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * pass-core 2.5.1's JSON:API as its recorded answers show it, on loopback: the backend account by
 * HTTP Basic (a wrong one: Spring's 401 body), the double-submit XSRF token on a write, listings
 * with {@code filter[type]=field=='value'} and {@code page[size|number|totals]}, creation (201 with
 * the new id, an unknown attribute 404), duplicate titles allowed. Records start from a fixture of
 * {@code src/test/resources/pass-core/} in pass-core's own resource shape.
 */
final class FakePassCore implements AutoCloseable {

    static final String USER = "backend";
    static final String PASSWORD = "backend-password";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, Set<String>> ATTRIBUTES = Map.of(
            "funder", Set.of("name", "localKey", "url"),
            "policy", Set.of("title", "description", "policyUrl", "institution"),
            "repository", Set.of("name", "description", "url", "integrationType", "repositoryKey", "agreementText",
                    "formSchema", "schemas"));

    private final Map<String, List<ObjectNode>> records = new LinkedHashMap<>();
    private final AtomicInteger nextId = new AtomicInteger(1000);
    private final WireMockServer server;

    private FakePassCore(JsonNode fixture) {
        ATTRIBUTES.keySet().forEach(type -> records.put(type, new ArrayList<>()));
        fixture.properties().forEach(e -> e.getValue().forEach(r -> records.get(e.getKey()).add((ObjectNode) r.deepCopy())));
        server = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort().extensions(new Transformer()));
        server.stubFor(any(urlPathMatching("/data/.*")).willReturn(aResponse()));
        server.start();
    }

    /** {@code fixture} names a file of src/test/resources/pass-core/, or null for an empty PASS. */
    static FakePassCore start(String fixture) throws IOException {
        if (fixture == null) {
            return new FakePassCore(JSON.createObjectNode());
        }
        try (InputStream in = FakePassCore.class.getResourceAsStream("/pass-core/" + fixture)) {
            return new FakePassCore(JSON.readTree(in));
        }
    }

    URI base() {
        return URI.create(server.baseUrl());
    }

    /** Adds a record as a PASS user would have made it: for fixtures too large to write out. */
    synchronized void add(String type, ObjectNode record) {
        records.get(type).add(record);
    }

    synchronized List<ObjectNode> records(String type) {
        return List.copyOf(records.get(type));
    }

    /** How many requests of that method reached {@code /data/...}. */
    int requests(String method) {
        return (int) server.findAll(anyRequestedFor(urlPathMatching("/data/.*"))).stream()
                .filter(r -> r.getMethod().value().equals(method)).count();
    }

    @Override
    public void close() {
        server.stop();
    }

    private final class Transformer implements ResponseDefinitionTransformerV2 {
        @Override
        public String getName() {
            return "pass-core";
        }

        @Override
        public ResponseDefinition transform(ServeEvent event) {
            Request request = event.getRequest();
            String expected = "Basic " + Base64.getEncoder().encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
            String path = URI.create(request.getUrl()).getPath();
            if (!expected.equals(request.getHeader("Authorization"))) {
                return answer(401, "{\"timestamp\":\"2026-12-01T21:07:50.269+00:00\",\"status\":401,"
                        + "\"error\":\"Unauthorized\",\"path\":\"" + path + "\"}");
            }
            String type = path.substring("/data/".length());
            if (!records.containsKey(type)) {
                return error(404, "Unknown type " + type);
            }
            synchronized (FakePassCore.this) {
                return switch (request.getMethod().value()) {
                    case "GET" -> list(type, request);
                    case "POST" -> create(type, request);
                    default -> error(405, "Not handled by this fake: " + request.getMethod());
                };
            }
        }

        private ResponseDefinition list(String type, Request request) {
            List<ObjectNode> found = new ArrayList<>(records.get(type));
            QueryParameter filter = request.queryParameter("filter[" + type + "]");
            if (filter.isPresent()) {
                String[] rsql = filter.firstValue().split("==", 2);
                String value = rsql[1].substring(1, rsql[1].length() - 1).replace("\\'", "'").replace("\\\\", "\\");
                found.removeIf(r -> !value.equals(r.path("attributes").path(rsql[0]).asText(null)));
            }
            int size = number(request.queryParameter("page[size]"), found.isEmpty() ? 1 : found.size());
            int page = number(request.queryParameter("page[number]"), 1);
            ObjectNode body = JSON.createObjectNode();
            ArrayNode data = body.putArray("data");
            found.stream().skip((long) (page - 1) * size).limit(size).forEach(data::add);
            if (request.queryParameter("page[totals]").isPresent()) {
                body.putObject("meta").putObject("page").put("number", page).put("limit", size)
                        .put("totalPages", (found.size() + size - 1) / size).put("totalRecords", found.size());
            }
            return answer(200, body.toString());
        }

        private ResponseDefinition create(String type, Request request) {
            if (!"t".equals(request.getHeader("X-XSRF-TOKEN")) || !request.getCookies().containsKey("XSRF-TOKEN")) {
                return error(403, "Invalid CSRF token");
            }
            ObjectNode data;
            try {
                data = (ObjectNode) JSON.readTree(request.getBodyAsString()).path("data");
            } catch (IOException | ClassCastException e) {
                return error(400, "Malformed body");
            }
            ObjectNode attributes = JSON.createObjectNode();
            ATTRIBUTES.get(type).forEach(a -> attributes.putNull(a));
            for (var e : data.path("attributes").properties()) {
                if (!ATTRIBUTES.get(type).contains(e.getKey())) {
                    return error(404, "Unknown attribute " + e.getKey() + " in " + type);
                }
                attributes.set(e.getKey(), e.getValue());
            }
            ObjectNode record = JSON.createObjectNode().put("type", type).put("id", String.valueOf(nextId.getAndIncrement()));
            record.set("attributes", attributes);
            if (data.has("relationships")) {
                record.set("relationships", data.get("relationships"));
            }
            records.get(type).add(record);
            ObjectNode body = JSON.createObjectNode();
            body.set("data", record);
            return answer(201, body.toString());
        }

        private static int number(QueryParameter parameter, int absent) {
            return parameter.isPresent() ? Integer.parseInt(parameter.firstValue()) : absent;
        }

        private static ResponseDefinition error(int status, String detail) {
            ObjectNode body = JSON.createObjectNode();
            body.putArray("errors").addObject().put("detail", detail);
            return answer(status, body.toString());
        }

        private static ResponseDefinition answer(int status, String body) {
            return aResponse().withStatus(status).withHeader("Content-Type", "application/vnd.api+json")
                    .withBody(body).build();
        }
    }
}
