package org.submission.doi.support;

import static io.restassured.RestAssured.given;
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
import java.util.Base64;
import java.util.OptionalInt;

/** Requests as the seed's examples send them: backend Basic credentials and the XSRF cookie and header. */
public final class Api {

    public static final String XSRF = "test-xsrf-token";
    private static final String USER = "backend";
    private static final String PASSWORD = "backend-secret";

    private Api() {
    }

    public static RequestSpecification backend() {
        return given().auth().preemptive().basic(USER, PASSWORD)
                .cookie("XSRF-TOKEN", XSRF).header("X-XSRF-TOKEN", XSRF);
    }

    public static Response journal(String doi) {
        return backend().queryParam("doi", doi).get("/doi/journal");
    }

    public static Response manuscript(String doi) {
        return backend().queryParam("doi", doi).get("/doi/manuscript");
    }

    /** {@code journal} or {@code manuscript}. */
    public static Response endpoint(String endpoint, String doi) {
        return backend().queryParam("doi", doi).get("/doi/" + endpoint);
    }

    /**
     * A journal request by a client that closes its connection when no answer has come within its
     * patience: the answer's status, or empty when the client gave up.
     */
    public static OptionalInt impatientJournal(String doi, Duration patience) {
        String credentials = Base64.getEncoder().encodeToString((USER + ":" + PASSWORD).getBytes(UTF_8));
        try (Socket client = new Socket("127.0.0.1", RestAssured.port)) {
            client.setSoTimeout((int) patience.toMillis());
            client.getOutputStream().write(("GET /doi/journal?doi=" + URLEncoder.encode(doi, UTF_8) + " HTTP/1.1\r\n"
                    + "Host: localhost\r\nAuthorization: Basic " + credentials + "\r\nCookie: XSRF-TOKEN=" + XSRF + "\r\n"
                    + "X-XSRF-TOKEN: " + XSRF + "\r\nConnection: close\r\n\r\n").getBytes(US_ASCII));
            client.getOutputStream().flush();
            String statusLine = new BufferedReader(new InputStreamReader(client.getInputStream(), US_ASCII)).readLine();
            return OptionalInt.of(Integer.parseInt(statusLine.split(" ")[1]));
        } catch (SocketTimeoutException e) {
            return OptionalInt.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
