package org.submission.deploy.gateway;

import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.CookieSameSite;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import io.vertx.httpproxy.Body;
import io.vertx.httpproxy.ProxyResponse;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;

/** The gateway's own answers: the services' error shape {@code {"error": "..."}}, and the XSRF-TOKEN cookie. */
final class Answers {

    static final String XSRF_COOKIE = "XSRF-TOKEN";
    private static final SecureRandom RANDOM = new SecureRandom();

    private Answers() {
    }

    static void error(HttpServerRequest request, int status, String message) {
        xsrfCookie(request).ifPresent(cookie -> request.response().headers().add("Set-Cookie", cookie));
        request.response().setStatusCode(status).putHeader("Content-Type", "application/json")
                .end(new JsonObject().put("error", message).encode());
    }

    static void json(ProxyResponse answer, int status, String message) {
        answer.setStatusCode(status).putHeader("Content-Type", "application/json")
                .setBody(Body.body(Buffer.buffer(new JsonObject().put("error", message).encode())));
    }

    /** A request the HTTP decoder refused: a request line or headers too long, or not HTTP at all. */
    static void invalidRequest(HttpServerRequest request) {
        Throwable cause = request.decoderResult().cause();
        if (cause instanceof TooLongHttpHeaderException) {
            error(request, 431, "The request headers are too large.");
        } else if (cause instanceof TooLongHttpLineException) {
            error(request, 414, "The request URI is too long.");
        } else {
            error(request, 400, "Malformed HTTP request.");
        }
        request.connection().close();
    }

    /**
     * A new random token ({@code Path=/}, readable by the page's script, {@code SameSite=Lax}) when
     * the request carries none: the PASS UI reads this cookie before its first call.
     */
    static Optional<String> xsrfCookie(HttpServerRequest request) {
        if (request.getCookie(XSRF_COOKIE) != null) {
            return Optional.empty();
        }
        byte[] token = new byte[16];
        RANDOM.nextBytes(token);
        return Optional.of(Cookie.cookie(XSRF_COOKIE, HexFormat.of().formatHex(token))
                .setPath("/").setSameSite(CookieSameSite.LAX).encode());
    }
}
