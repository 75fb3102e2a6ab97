package org.submission.deploy.testing;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A client of the services through the gateway, as the backend or the PASS UI calls them: HTTP
 * Basic, and the XSRF double submit with the token of the cookie the front door issued.
 */
public final class FrontDoorClient {

    private static final Pattern XSRF_COOKIE = Pattern.compile("^XSRF-TOKEN=([0-9a-f]{32});");
    /**
     * HTTP/1.1, as the gateway speaks it: with the client's default (an h2c upgrade on a
     * service's own port) a read of a container's /q/metrics hung past the request's timeout.
     */
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private final URI gateway;
    private final String authorization;

    public FrontDoorClient(URI gateway, String user, String password) {
        this.gateway = gateway;
        this.authorization = "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** The token of the XSRF-TOKEN cookie the front door sets on the UI's page; empty when it sets none of that form. */
    public Optional<String> xsrfTokenOfTheFrontDoor() throws Exception {
        HttpResponse<String> page = HTTP.send(HttpRequest.newBuilder(gateway.resolve("/app/")).build(),
                HttpResponse.BodyHandlers.ofString());
        return page.headers().allValues("Set-Cookie").stream().map(XSRF_COOKIE::matcher).filter(Matcher::find)
                .map(m -> m.group(1)).findFirst();
    }

    /** A GET with the backend's credentials and this XSRF token as cookie and header. */
    public HttpResponse<String> get(String pathAndQuery, String xsrfToken) throws Exception {
        return HTTP.send(request(pathAndQuery, xsrfToken).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A POST of this body, with the backend's credentials and this XSRF token as cookie and header. */
    public HttpResponse<String> post(String pathAndQuery, String contentType, String body, String xsrfToken) throws Exception {
        return HTTP.send(request(pathAndQuery, xsrfToken).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest.Builder request(String pathAndQuery, String xsrfToken) {
        return HttpRequest.newBuilder(gateway.resolve(pathAndQuery)).timeout(Duration.ofSeconds(60))
                .header("Authorization", authorization).header("X-XSRF-TOKEN", xsrfToken)
                .header("Cookie", "XSRF-TOKEN=" + xsrfToken);
    }

    /** The requests to this path a replica answered, by its own count ({@code /q/metrics} on its own port). */
    public static double requestsServed(URI replica, String path) throws Exception {
        String metrics = HTTP.send(HttpRequest.newBuilder(replica.resolve("/q/metrics")).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        return metrics.lines().filter(l -> l.startsWith("http_server_requests_seconds_count") && l.contains("uri=\"" + path + "\""))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }
}
