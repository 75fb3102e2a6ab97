package org.submission.schema.repository;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import org.submission.shared.model.CommaJoinedList;

/**
 * The schema URIs of repositories, by a prepared statement on the reactive pool: the rows are
 * never entities, so no Hibernate session or entity context is opened for them (the way the
 * services run their hand-written SQL, see the README's architecture section).
 */
@ApplicationScoped
public class RepositorySchemaRepository {

    private static final String SQL = "SELECT id, schemas FROM pass_repository WHERE id = ANY($1)";
    private static final String LISTED = "SELECT id, name, schemas FROM pass_repository ORDER BY id LIMIT $1";
    private static final CommaJoinedList COMMA_JOINED = new CommaJoinedList();

    private final Pool pool;

    public RepositorySchemaRepository(Pool pool) {
        this.pool = pool;
    }

    /** The schema URIs of the repositories with these ids, in one query by primary key. */
    public Uni<List<RepositorySchemas>> schemasOf(List<Long> ids) {
        return pool.preparedQuery(SQL).execute(Tuple.of(ids.toArray(Long[]::new))).map(rows -> {
            List<RepositorySchemas> found = new ArrayList<>();
            rows.forEach(row -> found.add(new RepositorySchemas(row.getLong(0),
                    COMMA_JOINED.convertToEntityAttribute(row.getString(1)))));
            return found;
        });
    }

    /** The first repositories by id, at most {@code limit}, with their names: what an author chooses from. */
    public Uni<List<RepositoryListing>> list(int limit) {
        return pool.preparedQuery(LISTED).execute(Tuple.of(limit)).map(rows -> {
            List<RepositoryListing> found = new ArrayList<>();
            rows.forEach(row -> found.add(new RepositoryListing(row.getLong(0), row.getString(1),
                    COMMA_JOINED.convertToEntityAttribute(row.getString(2)))));
            return found;
        });
    }
}
