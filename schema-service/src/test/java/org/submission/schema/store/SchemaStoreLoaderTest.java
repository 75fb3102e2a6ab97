package org.submission.schema.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.submission.schema.store.TestStores.bundled;
import static org.submission.schema.store.TestStores.schema;
import static org.submission.schema.store.TestStores.source;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SchemaStoreLoaderTest {

    private static final String GOOD = schema("good.json", "'type': 'object'");

    @ParameterizedTest
    @ValueSource(strings = {"{'type': 'object',", "['not', 'an', 'object']", "{'type': 'record'}",
            "{'required': 'title'}", "{'properties': {'p': {'$ref': '#/definitions/none'}}}",
            "{'definitions': {'a': {'$ref': '#/definitions/a'}}}", "{'$ref': 'elsewhere.json'}"})
    void aBadBundledDocumentStopsTheService(String document) {
        List<SchemaSource> bundled = List.of(bundled("pass/good.json", GOOD), bundled("pass/bad.json", document));

        assertThatThrownBy(() -> SchemaStoreLoader.build(bundled, List.of(), TestStores.MAX_EXPANDED_SIZE))
                .isInstanceOf(InvalidBundledSchemaException.class)
                .hasMessageContaining("classpath:schemas/pass/bad.json");
    }

    @Test
    void aBadBundledDocumentOnTheClassPathStopsTheService(@TempDir Path root) throws IOException {
        write(root.resolve("schemas/index.txt"), "# test\npass/good.json\npass/broken.json\n");
        write(root.resolve("schemas/pass/good.json"), GOOD);
        write(root.resolve("schemas/pass/broken.json"), "{'type': 'object', 'properties': {'x': {'$ref': 'nowhere.json'}}}");

        try (URLClassLoader classPath = new URLClassLoader(new URL[] {root.toUri().toURL()}, null)) {
            assertThatThrownBy(() -> SchemaStoreLoader.load(classPath, Optional.empty(), TestStores.MAX_EXPANDED_SIZE))
                    .isInstanceOf(InvalidBundledSchemaException.class)
                    .hasMessageContaining("pass/broken.json").hasMessageContaining("nowhere.json");
        }
    }

    @Test
    void aDocumentTheIndexNamesButTheClassPathLacksStopsTheService(@TempDir Path root) throws IOException {
        write(root.resolve("schemas/index.txt"), "pass/absent.json\n");

        try (URLClassLoader classPath = new URLClassLoader(new URL[] {root.toUri().toURL()}, null)) {
            assertThatThrownBy(() -> SchemaStoreLoader.load(classPath, Optional.empty(), TestStores.MAX_EXPANDED_SIZE))
                    .isInstanceOf(InvalidBundledSchemaException.class).hasMessageContaining("pass/absent.json");
        }
    }

    @Test
    void theProjectsBundledSchemasAreAllUsable() {
        SchemaStore store = SchemaStoreLoader.load(getClass().getClassLoader(), Optional.empty(), TestStores.MAX_EXPANDED_SIZE);

        assertThat(store.documents()).extracting(StoredSchema::key)
                .containsExactly("pass/global.json", "pass/common.json", "pass/pmc.json", "pass/ir.json");
        assertThat(store.unusable()).isEmpty();
    }

    @Test
    void theIndexNamesEveryBundledFile() throws IOException {
        Path folder = Path.of("src/main/resources/schemas");
        try (Stream<Path> files = Files.walk(folder)) {
            List<String> onDisk = files.filter(p -> p.toString().endsWith(".json"))
                    .map(p -> folder.relativize(p).toString().replace('\\', '/')).sorted().toList();

            assertThat(SchemaSources.bundledKeys(getClass().getClassLoader())).containsExactlyInAnyOrderElementsOf(onDisk);
        }
    }

    @Test
    void aBadFolderDocumentIsKeptAsUnusable() {
        SchemaStore store = SchemaStoreLoader.build(List.of(bundled("pass/good.json", GOOD)),
                List.of(source("extra/bad.json", "{'type': 'object',")), TestStores.MAX_EXPANDED_SIZE);

        assertThat(store.find("https://any.host/schemas/extra/bad.json")).get()
                .satisfies(d -> assertThat(d.problem()).startsWith("not valid JSON"));
        assertThat(store.find("https://schemas.test/t/good.json")).get().matches(StoredSchema::usable);
    }

    @Test
    void aFolderDocumentReplacesTheBundledOneWithTheSameKey() {
        SchemaStore store = SchemaStoreLoader.build(
                List.of(bundled("pass/common.json", "{'$id': 'https://a.test/pass/common.json', 'title': 'bundled'}")),
                List.of(source("pass/common.json", "{'title': 'operator'}")), TestStores.MAX_EXPANDED_SIZE);

        assertThat(store.find("https://b.test/x/pass/common.json").orElseThrow().schema().get("title").textValue())
                .isEqualTo("operator");
        assertThat(store.notes()).singleElement().asString().contains("pass/common.json is now served from test:pass/common.json");
    }

    @Test
    void aDocumentIsFoundByIdFirstThenByItsLastTwoPathSegments() {
        SchemaStore store = SchemaStoreLoader.prepare(List.of(
                source("jhu/common.json", "{'$id': 'https://host.test/pass-schemas/jhu/common.json#', 'title': 'by path'}"),
                source("other/file.json", "{'$id': 'https://host.test/jhu/special.json', 'title': 'by id'}")), TestStores.MAX_EXPANDED_SIZE);

        assertThat(store.find("https://host.test/metadata-schemas/jhu/common.json")).get().extracting(StoredSchema::key)
                .isEqualTo("jhu/common.json");
        assertThat(store.find("https://host.test/pass-schemas/jhu/common.json#/definitions")).get()
                .extracting(StoredSchema::key).isEqualTo("jhu/common.json");
        assertThat(store.find("https://host.test/jhu/special.json")).get().extracting(StoredSchema::key)
                .isEqualTo("other/file.json");
        assertThat(store.find("https://host.test/common.json")).isEmpty();
        assertThat(store.find("urn:x:common.json")).isEmpty();
        assertThat(store.find("not a uri/with spaces/jhu/common.json")).isPresent();
    }

    @Test
    void aFolderIsReadAtAnyDepthKeyedByEachFilesFolder(@TempDir Path root) throws IOException {
        write(root.resolve("jhu/common.json"), "{}");
        write(root.resolve("deep/er/harvard/dash.json"), "{}");
        write(root.resolve("top.json"), "{}");
        write(root.resolve("jhu/notes.txt"), "ignored");

        assertThat(SchemaSources.directory(root)).extracting(SchemaSource::key, SchemaSource::origin).containsExactly(
                org.assertj.core.groups.Tuple.tuple("harvard/dash.json", "SCHEMA_SERVICE_DIR/deep/er/harvard/dash.json"),
                org.assertj.core.groups.Tuple.tuple("jhu/common.json", "SCHEMA_SERVICE_DIR/jhu/common.json"),
                org.assertj.core.groups.Tuple.tuple(root.getFileName() + "/top.json", "SCHEMA_SERVICE_DIR/top.json"));
    }

    @Test
    void anUnusableFolderFileIsKnownByTheKindOfItsProblemNeverByItsContent(@TempDir Path root) throws IOException {
        Files.writeString(root.resolve("leak.json"), "SUBMISSION_BACKEND_PASSWORD=hunter2\n", StandardCharsets.UTF_8);

        SchemaStore store = SchemaStoreLoader.build(List.of(bundled("pass/good.json", GOOD)), SchemaSources.directory(root), TestStores.MAX_EXPANDED_SIZE);

        assertThat(store.unusable()).singleElement().satisfies(d -> {
            assertThat(d.problemKind()).matches("not valid JSON \\(line 1, column \\d+\\)");
            assertThat(d.problem()).doesNotContain("SUBMISSION_BACKEND_PASSWORD").doesNotContain("hunter2");
        });
    }

    @Test
    void aLinkToAFileOutsideTheFolderIsNeverRead(@TempDir Path root) throws IOException {
        Path outside = Files.createDirectories(root.resolve("outside"));
        Files.writeString(outside.resolve("secret.json"), "{\"title\": \"not published\"}", StandardCharsets.UTF_8);
        Path folder = Files.createDirectories(root.resolve("schemas/jhu"));
        Files.createSymbolicLink(folder.resolve("common.json"), outside.resolve("secret.json"));
        Files.createSymbolicLink(folder.resolve("inside.json"), folder.resolve("common.json").resolveSibling("real.json"));
        write(folder.resolve("real.json"), "{}");

        List<SchemaSource> sources = SchemaSources.directory(root.resolve("schemas"));

        assertThat(sources).filteredOn(s -> s.key().equals("jhu/common.json")).singleElement().satisfies(s -> {
            assertThat(s.content()).isNull();
            assertThat(s.problem()).isEqualTo("a link to a file outside SCHEMA_SERVICE_DIR");
        });
        assertThat(sources).filteredOn(s -> s.key().equals("jhu/inside.json")).singleElement()
                .satisfies(s -> assertThat(s.content()).isNotNull());
    }

    @Test
    void aMissingFolderStopsTheService(@TempDir Path root) {
        assertThatThrownBy(() -> SchemaSources.directory(root.resolve("absent")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("not a readable folder");
    }

    private static void write(Path file, String shorthand) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, TestStores.json(shorthand), StandardCharsets.UTF_8);
    }

    @Test
    void aStackOverflowWhilePreparingADocumentCostsThatDocumentOnly() throws Exception {
        // within the depth bound, on a thread whose stack is too small for the validator
        List<SchemaSource> sources = List.of(source("t/deep.json", TestStores.notChain("https://schemas.test/t/deep.json", 45)),
                bundled("pass/good.json", GOOD));
        SchemaStore[] prepared = new SchemaStore[1];
        Thread small = new Thread(null, () -> prepared[0] = SchemaStoreLoader.prepare(sources, TestStores.MAX_EXPANDED_SIZE),
                "small-stack", 160 * 1024);
        small.start();
        small.join();

        assertThat(prepared[0].documents()).extracting(StoredSchema::usable).containsExactly(false, true);
        assertThat(prepared[0].documents().get(0).problem()).contains("StackOverflowError");
    }
}
