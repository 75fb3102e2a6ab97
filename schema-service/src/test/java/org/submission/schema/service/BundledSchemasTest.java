package org.submission.schema.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.schema.BundledSchemaIds.BASE;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import static org.submission.schema.store.TestStores.MAX_EXPANDED_SIZE;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.schema.store.Json;
import org.submission.schema.store.SchemaStore;
import org.submission.schema.store.SchemaStoreLoader;
import org.submission.schema.store.StoredSchema;

/** The project's own schema set, against the README's blob keys and against example blobs written for each schema. */
class BundledSchemasTest {

    private static final SchemaStore BUNDLED = SchemaStoreLoader.load(BundledSchemasTest.class.getClassLoader(), Optional.empty(), MAX_EXPANDED_SIZE);

    /** The metadata blob keys of schema-service/README.md (Schemas: the store): every key and its type. */
    private static final Map<String, String> BLOB_KEYS = Map.ofEntries(Map.entry("DOI", "string"), Map.entry("title", "string"),
            Map.entry("journal-title", "string"), Map.entry("volume", "string"), Map.entry("issue", "string"),
            Map.entry("issns", "array"), Map.entry("journal-NLMTA-ID", "string"), Map.entry("publisher", "string"),
            Map.entry("publicationDate", "string"), Map.entry("abstract", "string"), Map.entry("authors", "array"),
            Map.entry("agent_information", "object"), Map.entry("agreements", "array"));

    /** Keys PASS UI releases write besides those: defined so the client's own validation passes, never displayed. */
    private static final Map<String, String> UI_KEYS = Map.of("$schema", "string", "doi", "string", "hints", "object",
            "under-embargo", "string", "Embargo-end-date", "string", "journal-title-short", "string");

    private static StoredSchema schema(String file) {
        return BUNDLED.find(BASE + file + ".json").orElseThrow();
    }

    private static JsonNode example(String name) throws IOException {
        try (InputStream in = BundledSchemasTest.class.getClassLoader().getResourceAsStream("examples/" + name + ".json")) {
            return Json.parse(in.readAllBytes());
        }
    }

    @Test
    void theGlobalSchemaDefinesExactlyTheSeedsAndTheUisBlobKeysWithTheirTypes() {
        JsonNode global = schema("global").schema();
        Map<String, String> types = new TreeMap<>();
        global.get("properties").fields().forEachRemaining(p -> types.put(p.getKey(), p.getValue().get("type").textValue()));
        Map<String, String> expected = new TreeMap<>(BLOB_KEYS);
        expected.putAll(UI_KEYS);

        assertThat(types).isEqualTo(expected);
        assertThat(global.get("additionalProperties").booleanValue()).isFalse();
        assertThat(global.get("type").textValue()).isEqualTo("object");
        assertThat(global.get("$id").textValue()).isEqualTo(BASE + "global.json");
        assertThat(global.get("required")).isNull();
        global.get("properties").forEach(p -> assertThat(p.has("title") && p.has("description")).isTrue());
    }

    @Test
    void theGlobalSchemaHasFormOptionsForEverySeedKeyOnly() {
        JsonNode fields = schema("global").schema().at("/options/fields");
        Set<String> keys = new java.util.TreeSet<>();
        fields.fieldNames().forEachRemaining(keys::add);

        assertThat(keys).isEqualTo(new java.util.TreeSet<>(BLOB_KEYS.keySet()));
        fields.forEach(f -> assertThat(f.get("label").isTextual() && f.get("hidden").isBoolean() && f.get("type").isTextual()).isTrue());
    }

    @ParameterizedTest
    @CsvSource({"common", "pmc", "ir"})
    void everyRepositorySchemaHasAFormWithOptionsAndIncludesTheGlobalSchema(String file) {
        JsonNode schema = schema(file).schema();

        assertThat(schema.at("/definitions/form/type").textValue()).isEqualTo("object");
        assertThat(schema.at("/definitions/form/title").isTextual()).isTrue();
        assertThat(schema.at("/definitions/form/options")).isEqualTo(schema("global").schema().get("options"));
        assertThat(schema.at("/allOf/0")).isEqualTo(schema("global").schema());
        schema.at("/definitions/form/properties").fieldNames().forEachRemaining(key -> assertThat(BLOB_KEYS).containsKey(key));
    }

    @Test
    void thePubMedCentralSchemaNeedsAJournalIdThroughItsPrerequisites() {
        JsonNode pmc = schema("pmc").schema();

        assertThat(pmc.at("/allOf")).contains(pmc.at("/definitions/prerequisites"));
        assertThat(pmc.at("/definitions/prerequisites/anyOf")).hasSize(2);
    }

    @ParameterizedTest(name = "{1} is valid against {0}")
    @CsvSource({"global, full", "global, empty", "common, full", "common, common-title-and-journal", "pmc, full",
            "pmc, pmc-nlmta-only", "pmc, pmc-issn-with-pub-type", "ir, full", "ir, ir-authors-only",
            "global, ui-2.1.1-doi-seeded", "common, ui-2.1.1-doi-seeded", "pmc, ui-2.1.1-doi-seeded", "ir, ui-2.1.1-doi-seeded",
            "global, ui-hints-collection-tags", "common, ui-hints-collection-tags", "pmc, ui-hints-collection-tags",
            "ir, ui-hints-collection-tags", "global, ui-current-under-embargo", "common, ui-current-under-embargo",
            "pmc, ui-current-under-embargo", "ir, ui-current-under-embargo"})
    void validExamplesPass(String file, String example) throws IOException {
        JsonNode blob = example(example);
        ValidationReport report = BlobValidator.validate(List.of(schema(file)), () -> blob);

        assertThat(report.errors()).isEmpty();
        assertThat(report.valid()).isTrue();
    }

    @ParameterizedTest(name = "{1} fails {0} by {2} at {3}")
    @CsvSource({"global, unknown-key, additionalProperties, /pmid",
            "global, volume-not-a-string, type, /volume",
            "global, issn-pub-type-unknown, enum, /issns/0/pubType",
            "global, agreement-for-two-repositories, maxProperties, /agreements/0",
            "common, common-no-title, required, /title",
            "pmc, pmc-no-journal-id, anyOf, ''",
            "ir, ir-no-authors, required, /authors",
            "ir, ir-empty-authors, minItems, /authors",
            "ir, ir-author-without-name, required, /authors/0/author"})
    void invalidExamplesFailForTheReasonTheyWereWrittenFor(String file, String example, String keyword, String pointer)
            throws IOException {
        JsonNode blob = example(example);
        ValidationReport report = BlobValidator.validate(List.of(schema(file)), () -> blob);

        assertThat(report.valid()).isFalse();
        assertThat(report.errors()).isNotEmpty().allSatisfy(error -> {
            assertThat(error.schema()).isEqualTo(BASE + file + ".json");
            assertThat(error.keyword()).isEqualTo(keyword);
            assertThat(error.pointer()).isEqualTo(pointer);
            assertThat(error.message()).isNotBlank();
        });
    }
}
