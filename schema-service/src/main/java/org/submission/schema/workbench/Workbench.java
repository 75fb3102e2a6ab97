package org.submission.schema.workbench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.function.Function;
import org.submission.platform.error.ApiException;
import org.submission.schema.config.SchemaServiceSettings;
import org.submission.schema.repository.RepositoryListing;
import org.submission.schema.repository.RepositorySchemaRepository;
import org.submission.schema.service.BlobValidator;
import org.submission.schema.service.SchemaService;
import org.submission.schema.service.ValidationReport;
import org.submission.schema.service.ValidationWorkers;
import org.submission.schema.store.Json;
import org.submission.schema.store.SchemaStore;
import org.submission.schema.store.SchemaStores;
import org.submission.schema.store.StoredSchema;

/**
 * The schema author's workbench: what to choose from, and previews and validations of a selection
 * with drafts. A body is read, and drafts are prepared and validated against, on the validation
 * threads under the caller's share of them ({@link ValidationWorkers}), like any validation, so
 * one author's large drafts cannot slow another caller; the repositories' schema lists are read
 * between the two, as {@link SchemaService} reads them. Nothing of a draft is kept.
 */
@ApplicationScoped
public class Workbench {

    /** The repositories an author chooses from: PASS has tens; more are left out and said to be. */
    static final int LISTED_REPOSITORIES = 1000;

    private final SchemaService schemas;
    private final RepositorySchemaRepository records;
    private final SchemaStores stores;
    private final ValidationWorkers workers;
    private final SchemaServiceSettings.Workbench settings;

    public Workbench(SchemaService schemas, RepositorySchemaRepository records, SchemaStores stores,
                     ValidationWorkers workers, SchemaServiceSettings settings) {
        this.schemas = schemas;
        this.records = records;
        this.stores = stores;
        this.workers = workers;
        this.settings = settings.workbench();
    }

    /** 404 unless the workbench is switched on: switched off, it is as if it did not exist. */
    public void requireEnabled() {
        if (!settings.enabled()) {
            throw ApiException.notFound("The schema workbench is switched off here (SCHEMA_SERVICE_WORKBENCH_ENABLED).");
        }
    }

    /** The repositories (id, name, schema URIs) and the stored schema documents the service serves. */
    public Uni<ObjectNode> catalog() {
        SchemaStore store = stores.current();
        return records.list(LISTED_REPOSITORIES + 1).map(rows -> {
            ObjectNode catalog = Json.NODES.objectNode();
            ArrayNode repositories = catalog.putArray("repositories");
            for (RepositoryListing row : rows.subList(0, Math.min(rows.size(), LISTED_REPOSITORIES))) {
                ObjectNode repository = repositories.addObject().put("id", row.id()).put("name", row.name());
                ArrayNode uris = repository.putArray("schemas");
                (row.schemas() == null ? List.<String>of() : row.schemas()).forEach(uris::add);
            }
            catalog.put("truncated", rows.size() > LISTED_REPOSITORIES);
            ArrayNode documents = catalog.putArray("schemas");
            for (StoredSchema document : store.documents()) {
                if (store.find(document.name()).orElse(null) == document) {
                    documents.addObject().put("id", document.id()).put("path", document.key())
                            .put("source", store.source(document).kind()).put("problem", document.problemKind());
                }
            }
            return catalog;
        });
    }

    public Uni<ObjectNode> preview(String caller, byte[] body) {
        return chosen(caller, body, (chosen, request) -> Preview.of(chosen));
    }

    /**
     * The blob ({@code "blob"} in the body) validated against the selection, as {@code /schemaservice/validate}
     * does; {@code blobReader} reads it within that endpoint's limits.
     */
    public Uni<ValidationReport> validate(String caller, byte[] body, Function<byte[], JsonNode> blobReader) {
        return chosen(caller, body, (chosen, request) -> {
            JsonNode blob = request.get("blob");
            if (blob == null) {
                throw ApiException.badRequest("The body needs the metadata blob to validate, as \"blob\".");
            }
            return BlobValidator.validate(chosen.orThrow(), () -> blobReader.apply(Json.bytes(blob)));
        });
    }

    private interface Step<T> {
        T apply(Chosen chosen, JsonNode request);
    }

    private <T> Uni<T> chosen(String caller, byte[] body, Step<T> step) {
        return workers.run(caller, () -> parsed(body))
                .chain(request -> {
                    Selection selection = Selection.of(request, settings);
                    SchemaStore store = stores.current();
                    return schemas.schemaUris(selection.repositories())
                            .chain(uris -> workers.run(caller, () -> step.apply(Chosen.of(store, uris, selection), request)));
                });
    }

    private static JsonNode parsed(byte[] body) {
        try {
            return Json.parse(body);
        } catch (JsonProcessingException e) {
            throw ApiException.badRequest(e.getLocation() == null ? "The body is not JSON within the service's limits."
                    : "The body is not JSON (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ").");
        }
    }
}
