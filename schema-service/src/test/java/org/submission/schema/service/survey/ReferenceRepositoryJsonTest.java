package org.submission.schema.service.survey;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import static org.submission.schema.store.TestStores.MAX_EXPANDED_SIZE;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.ExternalTool;
import org.submission.schema.rest.ReferenceSchemas;
import org.submission.schema.store.Json;
import org.submission.schema.store.SchemaSources;
import org.submission.schema.store.SchemaStoreLoader;

/**
 * The repository.json derived from the PASS (JHU) schema set against the one today's PASS UI bundles
 * (both read from the shared reference folder): where they differ, printed field by field.
 */
class ReferenceRepositoryJsonTest {

    @Test
    void derivedRepositoryJsonDiffersFromTheUisOnlyWhereTheSchemasRequireOtherwise() throws Exception {
        Path jhu = ReferenceSchemas.jhuFolder().orElse(null);
        ExternalTool.require(jhu != null, "../shared/reference is not beside this checkout");
        JsonNode derived = RepositoryFields.of(SchemaStoreLoader.build(List.of(), SchemaSources.directory(jhu), MAX_EXPANDED_SIZE));
        JsonNode bundled = Json.parse(Files.readAllBytes(jhu.resolve("../../../ui-fixtures/bundled-schema/repository.json").normalize()));

        List<String> differences = differences(bundled, derived);
        System.out.println("repository.json, derived from the JHU schemas vs the PASS UI's bundled one:");
        differences.forEach(line -> System.out.println("  " + line));

        assertThat(differences).containsExactlyInAnyOrder(
                // nihms.json's issn_present alternative requires no key: a blob with neither passes the schema
                "nihms journal-NLMTA-ID: UI requiredIf {issns} empty, schema optional",
                "nihms issns: UI requiredIf {journal-NLMTA-ID} empty, schema optional",
                // global.json's dependencies: an embargo end date needs under-embargo (the UI asks the converse)
                "nihms under-embargo: UI not listed, schema requiredIf {Embargo-end-date} notempty",
                "jscholarship under-embargo: UI not listed, schema requiredIf {Embargo-end-date} notempty",
                "inveniordm under-embargo: UI not listed, schema requiredIf {Embargo-end-date} notempty");
    }

    private static List<String> differences(JsonNode ui, JsonNode derived) {
        Set<String> schemas = new LinkedHashSet<>();
        ui.fieldNames().forEachRemaining(schemas::add);
        derived.fieldNames().forEachRemaining(schemas::add);
        List<String> lines = new ArrayList<>();
        for (String schema : schemas) {
            Map<String, String> inUi = rules(ui.path(schema));
            Map<String, String> inSchema = rules(derived.path(schema));
            Set<String> fields = new LinkedHashSet<>(inUi.keySet());
            fields.addAll(inSchema.keySet());
            for (String field : fields) {
                String a = inUi.getOrDefault(field, "not listed");
                String b = inSchema.getOrDefault(field, "not listed");
                if (!a.equals(b)) {
                    lines.add(schema + " " + field + ": UI " + a + ", schema " + b);
                }
            }
        }
        return lines;
    }

    private static Map<String, String> rules(JsonNode fields) {
        Map<String, String> rules = new LinkedHashMap<>();
        for (Iterator<JsonNode> it = fields.elements(); it.hasNext(); ) {
            JsonNode field = it.next();
            String rule = field.path("required").asBoolean() ? "required"
                    : field.has("requiredIf") ? "requiredIf " + field.get("requiredIf").asText() : "optional";
            rules.put(field.get("name").asText(), rule);
        }
        return rules;
    }
}
