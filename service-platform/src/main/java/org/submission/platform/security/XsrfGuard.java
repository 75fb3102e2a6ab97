package org.submission.platform.security;

import io.quarkus.security.UnauthorizedException;
import io.quarkus.security.identity.CurrentIdentityAssociation;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.CookieSameSite;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.ws.rs.core.Response;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.SimpleResourceInfo;
import org.submission.platform.error.ErrorMappers;
import org.submission.platform.http.RouteOrder;

/**
 * The XSRF double submit PASS clients already perform: a request without an {@code XSRF-TOKEN}
 * cookie is given one (random, readable by the page's script, SameSite=Lax); requests to the
 * resources marked {@link XsrfOnEveryRequest} and every state-changing request must echo the cookie in
 * {@code X-XSRF-TOKEN}. A page on another site can neither read the cookie nor set the header.
 * The check runs on the resource the request was routed to, not on its path text, so path
 * parameters or escapes ({@code /doi;x=1/journal}, {@code /%64oi/journal}) cannot skip it; an
 * anonymous caller is told to authenticate (401) before anything about the token.
 */
@ApplicationScoped
public class XsrfGuard {

    public static final String COOKIE = "XSRF-TOKEN";
    public static final String HEADER = "X-XSRF-TOKEN";
    private static final Set<HttpMethod> SAFE = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS, HttpMethod.TRACE);

    private final SecureRandom random = new SecureRandom();
    private final XsrfSettings settings;
    private final CurrentIdentityAssociation identities;

    public XsrfGuard(XsrfSettings settings, CurrentIdentityAssociation identities) {
        this.settings = settings;
        this.identities = identities;
    }

    void install(@Observes Router router) {
        router.route().order(RouteOrder.XSRF_COOKIE).handler(this::issueCookie);
    }

    private void issueCookie(RoutingContext ctx) {
        if (!ctx.normalizedPath().startsWith("/q/") && token(ctx) == null) {
            ctx.response().addCookie(Cookie.cookie(COOKIE, newToken()).setPath("/")
                    .setSameSite(CookieSameSite.LAX).setHttpOnly(false).setSecure(settings.secureCookie()));
        }
        ctx.next();
    }

    @ServerRequestFilter
    public Uni<Response> check(RoutingContext ctx, SimpleResourceInfo resource) {
        if (SAFE.contains(ctx.request().method()) && !resource.getResourceClass().isAnnotationPresent(XsrfOnEveryRequest.class)) {
            return Uni.createFrom().nullItem();
        }
        return identities.getDeferredIdentity().map(identity -> {
            if (identity.isAnonymous()) {
                throw new UnauthorizedException();
            }
            String token = token(ctx);
            if (token == null || !Secrets.same(ctx.request().getHeader(HEADER), token)) {
                return ErrorMappers.json(403, "Missing or mismatched " + HEADER
                        + " header: send the value of the " + COOKIE + " cookie in it.");
            }
            return null;
        });
    }


    private static String token(RoutingContext ctx) {
        Cookie cookie = ctx.request().getCookie(COOKIE);
        return cookie == null || cookie.getValue().isEmpty() ? null : cookie.getValue();
    }

    private String newToken() {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
