package org.submission.shared.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepository;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.submission.shared.model.PassUser;

@ApplicationScoped
public class PassUserRepository implements PanacheRepository<PassUser> {

    /**
     * The user a proxy principal names; null when PASS does not know them. {@code username} is
     * not unique in PASS databases: of several users with the name, the lowest id wins, always.
     */
    @WithSession
    public Uni<PassUser> findByUsername(String username) {
        return find("username", Sort.by("id"), username).firstResult();
    }
}
