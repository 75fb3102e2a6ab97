package org.submission.schema.service;

import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.quarkus.cache.CaffeineCache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.submission.schema.config.SchemaServiceSettings;
import org.submission.schema.repository.RepositorySchemaRepository;
import org.submission.schema.repository.RepositorySchemas;

/**
 * The schema URIs of repositories: from the database, in one query for the ids not read within
 * the last {@code schema.service.repository-ttl} (cache {@value #RECENT}, whose expiry and bound
 * {@code application.properties} gives). Repository records change rarely and a database round
 * trip costs several times the rest of a request, so a few seconds of staleness buys most of the
 * throughput; a TTL of zero reads every time.
 */
@ApplicationScoped
public class RepositorySchemaLookup {

    static final String RECENT = "repository-schemas";

    private final RepositorySchemaRepository repositories;
    private final CaffeineCache recent;

    public RepositorySchemaLookup(RepositorySchemaRepository repositories, SchemaServiceSettings settings,
                                  @CacheName(RECENT) Cache recent) {
        this.repositories = repositories;
        boolean reuse = !settings.repositoryTtl().isZero() && !settings.repositoryTtl().isNegative();
        this.recent = reuse ? recent.as(CaffeineCache.class) : null;
    }

    /** Schema URIs by repository id, for each listed id that names a repository. */
    public Uni<Map<Long, List<String>>> schemasOf(List<Long> ids) {
        Map<Long, List<String>> found = new HashMap<>();
        if (recent != null) {
            // every entry is put completed (below), so reading it never waits
            ids.forEach(id -> {
                CompletableFuture<List<String>> cached = recent.getIfPresent(id);
                if (cached != null) {
                    found.put(id, cached.join());
                }
            });
        }
        if (found.size() == ids.size()) {
            return Uni.createFrom().item(found);
        }
        List<Long> unread = ids.stream().filter(id -> !found.containsKey(id)).toList();
        return repositories.schemasOf(unread).map(rows -> {
            for (RepositorySchemas row : rows) {
                List<String> schemas = row.schemas() == null ? List.of() : List.copyOf(row.schemas());
                found.put(row.id(), schemas);
                if (recent != null) {
                    recent.put(row.id(), CompletableFuture.completedFuture(schemas));
                }
            }
            return found;
        });
    }
}
