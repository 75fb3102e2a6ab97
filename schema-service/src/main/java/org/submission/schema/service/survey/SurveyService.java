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
    private final SchemaAnswer repositories;

    public SurveyService(SchemaService schemas, SchemaStore store,
                         @CacheName(FORMS) Cache forms, @CacheName(ANSWERS) Cache answers) {
        this.schemas = schemas;
        this.forms = forms;
        this.answers = answers;
        this.repositories = SchemaAnswer.of(Json.bytes(RepositoryFields.of(store)));
    }

    public Uni<SchemaAnswer> survey(List<Long> ids, Set<String> readOnly) {
        return schemas.documents(ids).chain(found -> {
            List<Integer> documents = found.stream().map(StoredSchema::index).toList();
            return forms.<List<Integer>, SurveyForm>get(documents, key -> SurveyForm.of(
                    SchemaOrder.order(found).stream().<JsonNode>map(StoredSchema::schema).toList()))
                    .chain(form -> {
                        Set<String> marked = form.shown(readOnly);
                        return answers.get(new AnswerKey(documents, marked),
                                key -> SchemaAnswer.of(Json.bytes(form.withReadOnly(marked))));
                    });
        });
    }

    /** Derived at start: the store never changes afterwards. */
    public SchemaAnswer repositories() {
        return repositories;
    }

    private record AnswerKey(List<Integer> documents, Set<String> readOnly) {
    }
}
