package org.submission.shared.security;

import io.vertx.core.http.Cookie;
import io.vertx.core.http.CookieSameSite;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;
import org.submission.shared.error.RouterErrors;

/**
 * The XSRF double submit PASS clients already perform: a request without an {@code XSRF-TOKEN}
 * cookie is given one (random, readable by the page's script, SameSite=Lax); requests to
 * {@code /doi/**} and every state-changing request must echo the cookie in {@code X-XSRF-TOKEN}.
 * A page on another site can neither read the cookie nor set the header, so it cannot forge them.
 */
@ApplicationScoped
public class XsrfGuard {

    public static final String COOKIE = "XSRF-TOKEN";
    public static final String HEADER = "X-XSRF-TOKEN";
    private static final Set<HttpMethod> SAFE = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS, HttpMethod.TRACE);

    private final SecureRandom random = new SecureRandom();
    private final XsrfSettings settings;

    public XsrfGuard(XsrfSettings settings) {
        this.settings = settings;
    }

    void install(@Observes Router router) {
        router.route().order(-900).handler(this::check);
    }

    private void check(RoutingContext ctx) {
        String path = ctx.normalizedPath();
        if (path.startsWith("/q/")) {
            ctx.next();
            return;
        }
        Cookie cookie = ctx.request().getCookie(COOKIE);
        String token = cookie == null ? null : cookie.getValue();
        if (token == null || token.isEmpty()) {
            ctx.response().addCookie(Cookie.cookie(COOKIE, newToken()).setPath("/")
                    .setSameSite(CookieSameSite.LAX).setHttpOnly(false).setSecure(settings.secureCookie()));
        }
        boolean required = path.equals("/doi") || path.startsWith("/doi/") || !SAFE.contains(ctx.request().method());
        if (required && (token == null || token.isEmpty() || !Secrets.same(ctx.request().getHeader(HEADER), token))) {
            RouterErrors.write(ctx, 403, "Missing or mismatched " + HEADER
                    + " header: send the value of the " + COOKIE + " cookie in it.");
            return;
        }
        ctx.next();
    }

    private String newToken() {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
