package org.submission.schema.service;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.submission.schema.store.SchemaStore;
import org.submission.schema.store.StoredSchema;
import org.submission.platform.error.ApiException;

/**
 * Repository ids → their schema URIs (one query) → stored documents → the answer. Everything after
 * the lookup depends only on which documents were found, so answers are kept per document list
 * (cache {@value #ANSWERS}, bounded in {@code application.properties}).
 */
@ApplicationScoped
public class SchemaService {

    static final String ANSWERS = "schema-answers";

    private final RepositorySchemaLookup repositories;
    private final SchemaStore store;
    private final Cache answers;
    private final ValidationWorkers validations;

    public SchemaService(RepositorySchemaLookup repositories, SchemaStore store, @CacheName(ANSWERS) Cache answers,
                         ValidationWorkers validations) {
        this.repositories = repositories;
        this.store = store;
        this.answers = answers;
        this.validations = validations;
    }

    public Uni<SchemaAnswer> schemas(List<Long> ids, boolean merged) {
        return documents(ids)
                .chain(found -> answers.get(SchemaAnswer.Key.of(found, merged), key -> SchemaAnswer.compute(found, merged)))
                .map(SchemaAnswer::orThrow);
    }

    /**
     * The blob is parsed, as it is validated, on a validation thread: both take long for a large one.
     * {@code caller} names who asks, for its turn at the validation threads.
     */
    public Uni<ValidationReport> validate(String caller, List<Long> ids, Supplier<JsonNode> blob) {
        return documents(ids).chain(found -> validations.run(caller, () -> BlobValidator.validate(SchemaOrder.order(found), blob)));
    }

    /** The repositories' documents in request order, repository by repository, each document once. */
    public Uni<List<StoredSchema>> documents(List<Long> ids) {
        return repositories.schemasOf(ids).map(schemasById -> collect(ids, schemasById));
    }

    private List<StoredSchema> collect(List<Long> ids, Map<Long, List<String>> schemasById) {
        List<Long> missing = ids.stream().filter(id -> !schemasById.containsKey(id)).toList();
        if (!missing.isEmpty()) {
            throw ApiException.notFound((missing.size() == 1 ? "No repository with id " : "No repositories with ids ")
                    + missing.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ".");
        }
        Map<Integer, StoredSchema> found = new LinkedHashMap<>();
        for (Long id : ids) {
            for (String uri : schemasById.get(id)) {
                StoredSchema document = store.find(uri).orElseThrow(() -> ApiException.conflict(
                        "Schema " + uri + " of repository " + id + " matches no stored schema document."));
                if (!document.usable()) {
                    throw ApiException.conflict("Schema " + uri + " of repository " + id + " is the stored document "
                            + document.key() + ", which cannot be used: " + document.problem());
                }
                found.putIfAbsent(document.index(), document);
            }
        }
        return new ArrayList<>(found.values());
    }
}
