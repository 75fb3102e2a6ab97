package org.submission.schema.service;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.submission.schema.config.SchemaServiceSettings;
import org.submission.schema.repository.RepositorySchemaRepository;
import org.submission.schema.repository.RepositorySchemas;

/**
 * The schema URIs of repositories: from the database, in one query for the ids not read within
 * the last {@code schema.service.repository-ttl}. Repository records change rarely and a database
 * round trip costs several times the rest of a request, so a few seconds of staleness buys most
 * of the throughput; a TTL of zero reads every time.
 */
@ApplicationScoped
public class RepositorySchemaLookup {

    private static final int MAX_REPOSITORIES = 10_000;

    private final RepositorySchemaRepository repositories;
    private final Cache<Long, List<String>> recent;

    public RepositorySchemaLookup(RepositorySchemaRepository repositories, SchemaServiceSettings settings) {
        this.repositories = repositories;
        Duration ttl = settings.repositoryTtl();
        this.recent = ttl.isZero() || ttl.isNegative() ? null
                : Caffeine.newBuilder().expireAfterWrite(ttl).maximumSize(MAX_REPOSITORIES).build();
    }

    /** Schema URIs by repository id, for each listed id that names a repository. */
    public Uni<Map<Long, List<String>>> schemasOf(List<Long> ids) {
        Map<Long, List<String>> found = new HashMap<>(recent == null ? Map.of() : recent.getAllPresent(ids));
        if (found.size() == ids.size()) {
            return Uni.createFrom().item(found);
        }
        List<Long> unread = ids.stream().filter(id -> !found.containsKey(id)).toList();
        return repositories.schemasOf(unread).map(rows -> {
            for (RepositorySchemas row : rows) {
                List<String> schemas = row.schemas() == null ? List.of() : List.copyOf(row.schemas());
                found.put(row.id(), schemas);
                if (recent != null) {
                    recent.put(row.id(), schemas);
                }
            }
            return found;
        });
    }
}
