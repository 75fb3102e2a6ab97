package org.submission.schema.service.survey;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Set;
import org.submission.schema.config.SchemaServiceSettings;
import org.submission.schema.service.SchemaAnswer;
import org.submission.schema.service.SchemaOrder;
import org.submission.schema.service.SchemaService;
import org.submission.schema.store.Json;
import org.submission.schema.store.SchemaStore;
import org.submission.schema.store.StoredSchema;

/**
 * SurveyJS forms of repositories, found as {@link SchemaService} finds their schemas (same ids,
 * errors and repository lookup). A form is derived once per document list and its answers kept per
 * document list and read-only marks, like the schema answers.
 */
@ApplicationScoped
public class SurveyService {

    private final SchemaService schemas;
    private final Cache<List<Integer>, SurveyForm> forms;
    private final Cache<AnswerKey, SchemaAnswer> answers;
    private final SchemaAnswer repositories;

    public SurveyService(SchemaService schemas, SchemaStore store, SchemaServiceSettings settings) {
        this.schemas = schemas;
        this.forms = Caffeine.newBuilder().maximumSize(settings.answerCacheSize()).build();
        this.answers = Caffeine.newBuilder().maximumSize(settings.answerCacheSize()).build();
        this.repositories = SchemaAnswer.of(Json.bytes(RepositoryFields.of(store)));
    }

    public Uni<SchemaAnswer> survey(List<Long> ids, Set<String> readOnly) {
        return schemas.documents(ids).map(found -> {
            List<Integer> documents = found.stream().map(StoredSchema::index).toList();
            SurveyForm form = forms.get(documents, key -> SurveyForm.of(
                    SchemaOrder.order(found).stream().<JsonNode>map(StoredSchema::schema).toList()));
            Set<String> marked = form.shown(readOnly);
            return answers.get(new AnswerKey(documents, marked), key -> SchemaAnswer.of(Json.bytes(form.withReadOnly(marked))));
        });
    }

    /** Derived at start: the store never changes afterwards. */
    public SchemaAnswer repositories() {
        return repositories;
    }

    private record AnswerKey(List<Integer> documents, Set<String> readOnly) {
    }
}
