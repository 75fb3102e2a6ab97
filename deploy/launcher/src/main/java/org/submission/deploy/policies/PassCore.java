package org.submission.deploy.policies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * pass-core's JSON:API ({@code /data/<type>}) as the backend account, with the double-submit XSRF
 * token pass-core wants on a write. Every answer is read up to {@link #MAX_ANSWER_BYTES}, a listing
 * up to {@link #MAX_PAGES} pages of {@link #PAGE_SIZE}: a larger PASS is refused, not half read.
 */
final class PassCore {

    static final int PAGE_SIZE = 500;
    static final int MAX_PAGES = 200;
    static final int MAX_ANSWER_BYTES = 4 * 1024 * 1024;
    private static final String JSON_API = "application/vnd.api+json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final String user;
    private final String authorization;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    PassCore(URI base, String user, String password) {
        String text = base.toString();
        this.base = URI.create(text.endsWith("/") ? text : text + "/");
        this.user = user;
        this.authorization = "Basic " + Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** Every record of {@code type}, a page at a time; {@code filter} is RSQL ({@code name=='x'}) or null. */
    List<JsonNode> list(String type, String filter) throws PassCoreException {
        List<JsonNode> records = new ArrayList<>();
        for (int number = 1; ; number++) {
            if (number > MAX_PAGES) {
                throw new PassCoreException("pass-core has more than " + MAX_PAGES * PAGE_SIZE + " " + type
                        + " records; this tool reads at most that many");
            }
            String query = (filter == null ? "" : "filter%5B" + type + "%5D=" + encode(filter) + "&")
                    + "page%5Bsize%5D=" + PAGE_SIZE + "&page%5Bnumber%5D=" + number + "&page%5Btotals%5D";
            JsonNode answer = send("GET", "data/" + type + "?" + query, null);
            JsonNode data = answer.path("data");
            data.forEach(records::add);
            JsonNode totalPages = answer.path("meta").path("page").path("totalPages");
            if (data.size() < PAGE_SIZE || (totalPages.isNumber() && number >= totalPages.asInt())) {
                return records;
            }
        }
    }

    /** Creates a record and answers it as pass-core does (with its new id). */
    JsonNode create(String type, ObjectNode attributes, ObjectNode relationships) throws PassCoreException {
        ObjectNode body = JSON.createObjectNode();
        ObjectNode data = body.putObject("data").put("type", type);
        data.set("attributes", attributes);
        if (relationships != null) {
            data.set("relationships", relationships);
        }
        return send("POST", "data/" + type, body.toString()).path("data");
    }

    /** RSQL's quoted string: a quote or backslash inside is escaped. */
    static String equalsFilter(String field, String value) {
        return field + "=='" + value.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    private JsonNode send(String method, String path, String body) throws PassCoreException {
        URI uri = base.resolve(path);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
                .header("Accept", JSON_API).header("Authorization", authorization)
                .header("X-XSRF-TOKEN", "t").header("Cookie", "XSRF-TOKEN=t")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (body != null) {
            request.header("Content-Type", JSON_API);
        }
        HttpResponse<InputStream> answer;
        try {
            answer = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            throw new PassCoreException("pass-core cannot be reached at " + base + ": " + reason(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PassCoreException("interrupted while asking pass-core at " + base);
        }
        byte[] bytes = read(answer, method + " /" + path);
        int status = answer.statusCode();
        if (status == 401 || status == 403) {
            throw new PassCoreException("pass-core at " + base + " refused the account \"" + user + "\" (" + status
                    + "): check SUBMISSION_BACKEND_USER and SUBMISSION_BACKEND_PASSWORD");
        }
        JsonNode json = parse(bytes);
        if (status / 100 != 2 || json == null) {
            throw new PassCoreException("pass-core answered " + status + " to " + method + " " + uri.getRawPath()
                    + (json == null ? " with no JSON" : ": " + json.path("errors").path(0).path("detail").asText(json.toString())));
        }
        return json;
    }

    private static byte[] read(HttpResponse<InputStream> answer, String what) throws PassCoreException {
        try (InputStream in = answer.body()) {
            byte[] bytes = in.readNBytes(MAX_ANSWER_BYTES + 1);
            if (bytes.length > MAX_ANSWER_BYTES) {
                throw new PassCoreException("pass-core's answer to " + what + " is over " + MAX_ANSWER_BYTES + " bytes");
            }
            return bytes;
        } catch (IOException e) {
            throw new PassCoreException("pass-core's answer to " + what + " broke off: " + reason(e));
        }
    }

    private static JsonNode parse(byte[] bytes) {
        try {
            JsonNode json = JSON.readTree(bytes);
            return json != null && json.isObject() ? json : null;
        } catch (IOException e) {
            return null;
        }
    }

    private static String reason(IOException e) {
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    static final class PassCoreException extends Exception {
        PassCoreException(String message) {
            super(message);
        }
    }
}
