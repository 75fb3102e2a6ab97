package org.submission.schema.workbench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.submission.schema.service.SchemaMerger;
import org.submission.schema.service.survey.RepositoryFields;
import org.submission.schema.service.survey.SurveyForm;
import org.submission.schema.store.Json;
import org.submission.schema.store.SchemaSource;
import org.submission.schema.store.StoredSchema;

/**
 * What the workbench shows for a selection: its documents in the service's order, the union
 * schema or the merge conflict with its JSON Pointer, the SurveyJS form ({@code surveyjs.json}) and
 * the fields per schema ({@code repository.json}) that the PASS UI's build bundles, and the files as
 * they would lie in SCHEMA_SERVICE_DIR. Computed for one request and then dropped.
 */
final class Preview {

    private Preview() {
    }

    static ObjectNode of(Chosen chosen) {
        ObjectNode answer = Json.NODES.objectNode();
        ArrayNode errors = answer.putArray("errors");
        chosen.errors().forEach(errors::add);
        if (!chosen.errors().isEmpty()) {
            return answer;
        }
        List<StoredSchema> ordered = chosen.ordered();
        List<JsonNode> schemas = ordered.stream().<JsonNode>map(StoredSchema::schema).toList();
        ArrayNode documents = answer.putArray("documents");
        ArrayNode files = answer.putArray("files");
        ObjectNode repositoryJson = Json.NODES.objectNode();
        for (StoredSchema document : ordered) {
            SchemaSource source = chosen.store().source(document);
            documents.addObject().put("path", document.key()).put("id", document.id()).put("source", source.kind());
            if (!source.bundled()) {
                files.addObject().put("path", document.key()).put("text", new String(source.content(), StandardCharsets.UTF_8));
            }
            if (document.schema().at("/definitions/form/properties").isObject()) {
                repositoryJson.set(RepositoryFields.baseName(document.key()), RepositoryFields.fields(document.schema()));
            }
        }
        try {
            answer.set("merged", SchemaMerger.merge(schemas));
        } catch (SchemaMerger.Conflict conflict) {
            answer.put("conflict", conflict.getMessage());
        }
        answer.set("surveyjs", SurveyForm.of(schemas).survey());
        answer.set("repositoryJson", repositoryJson);
        return answer;
    }
}
