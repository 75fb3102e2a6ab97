package org.submission.platform.security;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.credential.PasswordCredential;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.security.identity.request.UsernamePasswordAuthenticationRequest;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpSecurityUtils;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The one way in, for all three services: a person identified by a trusted authenticating proxy
 * (only when switched on and the request carries the proxy's shared secret, or the next one during
 * a rotation, so a pod reached directly cannot be fooled), or a backend account by HTTP Basic. The challenge is a bare 401
 * with no {@code WWW-Authenticate: Basic}, so browsers show no login pop-up.
 */
@ApplicationScoped
public class PassAuthenticationMechanism implements HttpAuthenticationMechanism {

    private final ProxySettings proxy;
    private final List<String> proxySecrets;
    private final FailedAuthentications failures;

    public PassAuthenticationMechanism(ProxySettings proxy, FailedAuthentications failures) {
        this.proxy = proxy;
        this.proxySecrets = Secrets.configured(proxy.secret(), proxy.secretNext());
        this.failures = failures;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identityProviderManager) {
        SecurityIdentity person = fromProxy(context);
        if (person != null) {
            return Uni.createFrom().item(person);
        }
        String authorization = context.request().getHeader("Authorization");
        if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return Uni.createFrom().nullItem();
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(authorization.substring(6).trim()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            failures.basicFailed(context);
            return Uni.createFrom().failure(new AuthenticationFailedException());
        }
        int colon = decoded.indexOf(':');
        if (colon < 0) {
            failures.basicFailed(context);
            return Uni.createFrom().failure(new AuthenticationFailedException());
        }
        UsernamePasswordAuthenticationRequest request = new UsernamePasswordAuthenticationRequest(
                decoded.substring(0, colon), new PasswordCredential(decoded.substring(colon + 1).toCharArray()));
        HttpSecurityUtils.setRoutingContextAttribute(request, context);
        return identityProviderManager.authenticate(request)
                .onFailure(AuthenticationFailedException.class).invoke(() -> failures.basicFailed(context));
    }

    private SecurityIdentity fromProxy(RoutingContext context) {
        String secret = context.request().getHeader(proxy.secretHeader());
        if (!proxy.auth() || proxySecrets.isEmpty() || secret == null) {
            return null;
        }
        if (!Secrets.oneOf(secret, proxySecrets)) {
            failures.proxySecretFailed(context);
            return null;
        }
        String principal = context.request().getHeader(proxy.userHeader());
        if (principal == null || principal.isBlank()) {
            return null;
        }
        Set<String> affiliations = new LinkedHashSet<>();
        String header = context.request().getHeader(proxy.affiliationHeader());
        if (header != null) {
            Arrays.stream(header.split(";")).map(String::trim).filter(a -> !a.isEmpty()).forEach(affiliations::add);
        }
        return QuarkusSecurityIdentity.builder()
                .setPrincipal(new QuarkusPrincipal(principal.trim()))
                .addAttribute(Roles.PROXY_AFFILIATIONS, Set.copyOf(affiliations))
                .build();
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().item(new ChallengeData(401, null, null));
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of(UsernamePasswordAuthenticationRequest.class);
    }
}
