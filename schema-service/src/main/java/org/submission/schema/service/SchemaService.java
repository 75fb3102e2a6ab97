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
import org.submission.schema.store.SchemaStores;
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
    private final SchemaStores stores;
    private final Cache answers;
    private final ValidationWorkers validations;

    public SchemaService(RepositorySchemaLookup repositories, SchemaStores stores, @CacheName(ANSWERS) Cache answers,
                         ValidationWorkers validations) {
        this.repositories = repositories;
        this.stores = stores;
        this.answers = answers;
        this.validations = validations;
    }

    public Uni<SchemaAnswer> schemas(List<Long> ids, boolean merged) {
        return documents(ids)
                .chain(found -> answers.get(SchemaAnswer.Key.of(found, merged), key -> SchemaAnswer.compute(found.documents(), merged)))
                .map(SchemaAnswer::orThrow);
    }

    /**
     * The blob is parsed, as it is validated, on a validation thread: both take long for a large one.
     * {@code caller} names who asks, for its turn at the validation threads.
     */
    public Uni<ValidationReport> validate(String caller, List<Long> ids, Supplier<JsonNode> blob) {
        return documents(ids).chain(found -> validations.run(caller, () -> BlobValidator.validate(SchemaOrder.order(found.documents()), blob)));
    }

    /**
     * The repositories' documents in request order, repository by repository, each document once,
     * from the store in use when the request came.
     */
    public Uni<Documents> documents(List<Long> ids) {
        SchemaStore store = stores.current();
        return schemaUris(ids).map(uris -> new Documents(store.generation(), collect(store, uris)));
    }

    /** Documents of one store: its generation tells their indexes from those of another. */
    public record Documents(long generation, List<StoredSchema> documents) {

        public List<Integer> indexes() {
            return documents.stream().map(StoredSchema::index).toList();
        }
    }

    /** Each repository's schema URIs, in request order; 404 naming the ids that name no repository. */
    public Uni<Map<Long, List<String>>> schemaUris(List<Long> ids) {
        return repositories.schemasOf(ids).map(schemasById -> {
            List<Long> missing = ids.stream().filter(id -> !schemasById.containsKey(id)).toList();
            if (!missing.isEmpty()) {
                throw ApiException.notFound((missing.size() == 1 ? "No repository with id " : "No repositories with ids ")
                        + missing.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ".");
            }
            Map<Long, List<String>> ordered = new LinkedHashMap<>();
            ids.forEach(id -> ordered.put(id, schemasById.get(id)));
            return ordered;
        });
    }

    /**
     * The usable document a schema URI names, else the 409 that names the URI ({@code whose}: "of
     * repository 12") and the document's problem, which for a {@code $ref} names its JSON Pointer.
     */
    public static StoredSchema usable(SchemaStore store, String uri, String whose) {
        StoredSchema document = store.find(uri).orElseThrow(() -> ApiException.conflict(
                "Schema " + uri + " " + whose + " matches no stored schema document."));
        if (!document.usable()) {
            throw ApiException.conflict("Schema " + uri + " " + whose + " is the stored document "
                    + document.key() + ", which cannot be used: " + document.problem());
        }
        return document;
    }

    private static List<StoredSchema> collect(SchemaStore store, Map<Long, List<String>> urisById) {
        Map<Integer, StoredSchema> found = new LinkedHashMap<>();
        urisById.forEach((id, uris) -> uris.forEach(uri -> {
            StoredSchema document = usable(store, uri, "of repository " + id);
            found.putIfAbsent(document.index(), document);
        }));
        return new ArrayList<>(found.values());
    }
}
