package org.submission.schema.service.survey;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Set;
import org.submission.schema.service.SchemaAnswer;
import org.submission.schema.service.SchemaOrder;
import org.submission.schema.service.SchemaService;
import org.submission.schema.store.Json;
import org.submission.schema.store.SchemaStore;
import org.submission.schema.store.SchemaStores;
import org.submission.schema.store.StoredSchema;

/**
 * SurveyJS forms of repositories, found as {@link SchemaService} finds their schemas (same ids,
 * errors and repository lookup). A form is derived once per document list and its answers kept per
 * document list and read-only marks, like the schema answers (caches {@value #FORMS} and
 * {@value #ANSWERS}, bounded in {@code application.properties}).
 */
@ApplicationScoped
public class SurveyService {

    static final String FORMS = "survey-forms";
    static final String ANSWERS = "survey-answers";

    private final SchemaService schemas;
    private final Cache forms;
    private final Cache answers;
    private final SchemaStores stores;
    private volatile Derived repositories;

    private record Derived(SchemaStore store, SchemaAnswer answer) {
    }

    public SurveyService(SchemaService schemas, SchemaStores stores,
                         @CacheName(FORMS) Cache forms, @CacheName(ANSWERS) Cache answers) {
        this.schemas = schemas;
        this.stores = stores;
        this.forms = forms;
        this.answers = answers;
    }

    public Uni<SchemaAnswer> survey(List<Long> ids, Set<String> readOnly) {
        return schemas.documents(ids).chain(found -> {
            FormKey documents = new FormKey(found.generation(), found.indexes());
            return forms.<FormKey, SurveyForm>get(documents, key -> SurveyForm.of(
                    SchemaOrder.order(found.documents()).stream().<JsonNode>map(StoredSchema::schema).toList()))
                    .chain(form -> {
                        Set<String> marked = form.shown(readOnly);
                        return answers.get(new AnswerKey(documents, marked),
                                key -> SchemaAnswer.of(Json.bytes(form.withReadOnly(marked))));
                    });
        });
    }

    /** Derived once per store: again only after SCHEMA_SERVICE_DIR changed. */
    public SchemaAnswer repositories() {
        SchemaStore store = stores.current();
        Derived derived = repositories;
        if (derived == null || derived.store() != store) {
            derived = new Derived(store, SchemaAnswer.of(Json.bytes(RepositoryFields.of(store))));
            repositories = derived;
        }
        return derived.answer();
    }

    private record FormKey(long store, List<Integer> documents) {
    }

    private record AnswerKey(FormKey documents, Set<String> readOnly) {
    }
}
