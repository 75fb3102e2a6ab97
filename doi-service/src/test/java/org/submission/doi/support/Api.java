package org.submission.doi.support;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_8;

import io.restassured.RestAssured;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URLEncoder;
import java.time.Duration;
import java.util.OptionalInt;
import org.submission.platform.testing.RunningService;
import org.submission.platform.testing.Requests;

/**
 * The DOI endpoints as the backend account calls them, on the shared {@link Requests#backend()}
 * or on a {@link RunningService} of a test's own.
 */
public final class Api {

    private Api() {
    }

    public static Response journal(String doi) {
        return endpoint("journal", doi);
    }

    public static Response manuscript(String doi) {
        return endpoint("manuscript", doi);
    }

    /** {@code journal} or {@code manuscript}. */
    public static Response endpoint(String endpoint, String doi) {
        return endpoint(Requests.backend(), endpoint, doi);
    }

    /** The journal endpoint of a packaged service of its own. */
    public static Response journal(RunningService service, String doi) {
        return endpoint(service.request(), "journal", doi);
    }

    public static Response manuscript(RunningService service, String doi) {
        return endpoint(service.request(), "manuscript", doi);
    }

    private static Response endpoint(RequestSpecification request, String endpoint, String doi) {
        return request.queryParam("doi", doi).get("/doi/" + endpoint);
    }

    /**
     * A journal request by a client that closes its connection when no answer has come within its
     * patience: the answer's status, or empty when the client gave up.
     */
    public static OptionalInt impatientJournal(String doi, Duration patience) {
        try (Socket client = journalRequest(doi)) {
            client.setSoTimeout((int) patience.toMillis());
            String statusLine = new BufferedReader(new InputStreamReader(client.getInputStream(), US_ASCII)).readLine();
            return OptionalInt.of(Integer.parseInt(statusLine.split(" ")[1]));
        } catch (SocketTimeoutException e) {
            return OptionalInt.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A journal request sent on a connection of its own, which the caller closes to give up on it. */
    public static Socket journalRequest(String doi) throws IOException {
        Socket client = new Socket("127.0.0.1", RestAssured.port);
        client.getOutputStream().write(("GET /doi/journal?doi=" + URLEncoder.encode(doi, UTF_8) + " HTTP/1.1\r\n"
                + "Host: localhost\r\nAuthorization: " + Requests.backendAuthorization() + "\r\nCookie: XSRF-TOKEN="
                + Requests.XSRF + "\r\nX-XSRF-TOKEN: " + Requests.XSRF + "\r\nConnection: close\r\n\r\n").getBytes(US_ASCII));
        client.getOutputStream().flush();
        return client;
    }
}
