package org.submission.platform.security;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.UsernamePasswordAuthenticationRequest;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Checks the configured backend account by a constant-time comparison with its password, and with
 * the next one while a rotation has both: microseconds per request, where hashing the password on every request capped an
 * earlier implementation at about 20 requests/s. Other user names fall through to the Elytron
 * properties realm, when one is configured.
 */
@ApplicationScoped
public class BackendIdentityProvider implements IdentityProvider<UsernamePasswordAuthenticationRequest> {

    private final BackendSettings settings;

    public BackendIdentityProvider(BackendSettings settings) {
        this.settings = settings;
    }

    @Override
    public Class<UsernamePasswordAuthenticationRequest> getRequestType() {
        return UsernamePasswordAuthenticationRequest.class;
    }

    /** Ahead of the Elytron realm (default priority 1001), which fails outright for names it does not know. */
    @Override
    public int priority() {
        return SYSTEM_FIRST + 1000;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(UsernamePasswordAuthenticationRequest request,
                                              AuthenticationRequestContext context) {
        String user = settings.user().filter(u -> !u.isBlank()).orElse(null);
        List<String> passwords = Secrets.configured(settings.password(), settings.passwordNext());
        if (user == null || passwords.isEmpty() || !Secrets.same(request.getUsername(), user)) {
            return Uni.createFrom().nullItem();
        }
        if (!Secrets.oneOf(new String(request.getPassword().getPassword()), passwords)) {
            return Uni.createFrom().failure(new AuthenticationFailedException());
        }
        return Uni.createFrom().item(QuarkusSecurityIdentity.builder()
                .setPrincipal(new QuarkusPrincipal(user))
                .addRole(Roles.BACKEND)
                .build());
    }
}
