package org.submission.platform.security;

import io.quarkus.security.UnauthorizedException;
import io.quarkus.security.identity.CurrentIdentityAssociation;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashSet;
import java.util.Set;
import org.submission.shared.model.PassUser;
import org.submission.shared.repository.PassUserRepository;

/** Answers "who is calling, which PASS User is that, what are their roles and affiliations". */
@ApplicationScoped
public class CallerService {

    private final CurrentIdentityAssociation identities;
    private final PassUserRepository users;

    public CallerService(CurrentIdentityAssociation identities, PassUserRepository users) {
        this.identities = identities;
        this.users = users;
    }

    public Uni<Caller> current() {
        return identities.getDeferredIdentity().flatMap(this::of);
    }

    /** The request's identity, which {@link #of} turns into its caller. */
    public Uni<SecurityIdentity> identity() {
        return identities.getDeferredIdentity();
    }

    public Uni<Caller> of(SecurityIdentity identity) {
        if (identity == null || identity.isAnonymous()) {
            return Uni.createFrom().failure(new UnauthorizedException());
        }
        String principal = identity.getPrincipal().getName();
        if (identity.hasRole(Roles.BACKEND)) {
            return Uni.createFrom().item(new Caller(principal, true, null, Set.of(Roles.BACKEND), Set.of()));
        }
        Set<String> proxyAffiliations = identity.getAttribute(Roles.PROXY_AFFILIATIONS);
        return users.findByUsername(principal).map(user -> {
            Set<String> affiliations = new LinkedHashSet<>();
            Set<String> roles = new LinkedHashSet<>();
            if (user != null) {
                affiliations.addAll(user.affiliation);
                roles.addAll(user.roles);
            }
            if (proxyAffiliations != null) {
                affiliations.addAll(proxyAffiliations);
            }
            return new Caller(principal, false, user, Set.copyOf(roles), Set.copyOf(affiliations));
        });
    }
}
