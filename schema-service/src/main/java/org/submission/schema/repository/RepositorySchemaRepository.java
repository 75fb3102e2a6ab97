package org.submission.schema.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepository;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.submission.shared.model.Repository;

@ApplicationScoped
public class RepositorySchemaRepository implements PanacheRepository<Repository> {

    /**
     * The schema URIs of the repositories with these ids, in one query by primary key. A projection,
     * not entities: nothing to track, and the other (possibly large) columns are never read.
     */
    @WithSession
    public Uni<List<RepositorySchemas>> schemasOf(List<Long> ids) {
        return find("id in ?1", ids).project(RepositorySchemas.class).list();
    }
}
