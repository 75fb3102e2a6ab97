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
     * {@code caller} names who asks, for its share of the validation slots.
     */
    public Uni<ValidationReport> validate(String caller, List<Long> ids, Supplier<JsonNode> blob) {
        return documents(ids).chain(found -> validations.run(caller, () -> BlobValidator.validate(SchemaOrder.order(found), blob)));
    }

    /** The repositories' documents in request order, repository by repository, each document once. */
    public Uni<List<StoredSchema>> documents(List<Long> ids) {
        return schemaUris(ids).map(this::collect);
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

    private List<StoredSchema> collect(Map<Long, List<String>> urisById) {
        Map<Integer, StoredSchema> found = new LinkedHashMap<>();
        urisById.forEach((id, uris) -> uris.forEach(uri -> {
            StoredSchema document = usable(store, uri, "of repository " + id);
            found.putIfAbsent(document.index(), document);
        }));
        return new ArrayList<>(found.values());
    }
}
