package org.submission.schema.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.schema.store.TestStores.MAX_EXPANDED_SIZE;
import static org.submission.schema.store.TestStores.document;
import static org.submission.schema.store.TestStores.doubling;
import static org.submission.schema.store.TestStores.notChain;
import static org.submission.schema.store.TestStores.schema;
import static org.submission.schema.store.TestStores.store;
import static org.submission.schema.store.TestStores.tree;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DereferencerTest {

    private static final String GLOBAL = schema("global.json",
            "'type': 'object', 'properties': {'title': {'type': 'string', 'title': 'Title'}}");

    private static StoredSchema dereferenced(String file, String members) {
        return document(store("t/global.json", GLOBAL, "t/" + file, schema(file, members)), "t/" + file);
    }

    @Test
    void internalReferenceIsReplacedByTheTarget() {
        StoredSchema doc = dereferenced("a.json",
                "'definitions': {'x': {'type': 'string'}}, 'properties': {'p': {'$ref': '#/definitions/x'}}");

        assertThat(doc.schema().at("/properties/p")).isEqualTo(tree("{'type': 'string'}"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"global.json#/properties/title", "https://schemas.test/t/global.json#/properties/title",
            "./global.json#/properties/title", "../t/global.json#/properties/title"})
    void referenceToAnotherDocumentResolvesRelativeToTheId(String ref) {
        StoredSchema doc = dereferenced("a.json", "'properties': {'p': {'$ref': '" + ref + "'}}");

        assertThat(doc.schema().at("/properties/p")).isEqualTo(tree("{'type': 'string', 'title': 'Title'}"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"global.json#", "global.json", "https://schemas.test/t/global.json"})
    void referenceToAWholeDocumentCopiesIt(String ref) {
        StoredSchema doc = dereferenced("a.json", "'allOf': [{'$ref': '" + ref + "'}]");

        assertThat(doc.schema().at("/allOf/0")).isEqualTo(tree(GLOBAL));
    }

    @Test
    void referenceMatchesAStoredDocumentByItsLastTwoPathSegments() {
        StoredSchema doc = dereferenced("a.json",
                "'properties': {'p': {'$ref': 'https://elsewhere.example/any/folder/t/global.json#/properties/title'}}");

        assertThat(doc.schema().at("/properties/p/title").textValue()).isEqualTo("Title");
    }

    @Test
    void referencesInsideArraysAreResolved() {
        StoredSchema doc = dereferenced("a.json",
                "'definitions': {'x': {'minLength': 1}}, 'allOf': [{'$ref': '#/definitions/x'}, {'anyOf': [{'$ref': 'global.json#'}]}]");

        assertThat(doc.schema().at("/allOf/0")).isEqualTo(tree("{'minLength': 1}"));
        assertThat(doc.schema().at("/allOf/1/anyOf/0/$id").textValue()).isEqualTo("https://schemas.test/t/global.json");
    }

    @ParameterizedTest
    @ValueSource(strings = {"#/definitions/a~1b~0c", "#/definitions/a~1b%7E0c", "#/definitions/a%7E1b~0c"})
    void pointerEscapesAreHonoured(String ref) {
        StoredSchema doc = dereferenced("a.json",
                "'definitions': {'a/b~c': {'type': 'integer'}}, 'properties': {'p': {'$ref': '" + ref + "'}}");

        assertThat(doc.problem()).isNull();
        assertThat(doc.schema().at("/properties/p")).isEqualTo(tree("{'type': 'integer'}"));
    }

    @Test
    void siblingsOfARefAreDropped() {
        StoredSchema doc = dereferenced("a.json",
                "'properties': {'p': {'$ref': 'global.json#/properties/title', 'title': 'ignored', 'minLength': 3}}");

        assertThat(doc.schema().at("/properties/p")).isEqualTo(tree("{'type': 'string', 'title': 'Title'}"));
    }

    @Test
    void referencesInsideATargetResolveAgainstTheTargetsDocument() {
        SchemaStore store = store(
                "t/global.json", GLOBAL,
                "t/middle.json", schema("middle.json", "'definitions': {'own': {'$ref': '#/definitions/leaf'}, 'leaf': {'type': 'boolean'},"
                        + " 'title': {'$ref': 'global.json#/properties/title'}}"),
                "u/top.json", "{'$id': 'https://other.test/u/top.json', 'properties': {"
                        + "'a': {'$ref': 'https://schemas.test/t/middle.json#/definitions/own'},"
                        + "'b': {'$ref': 'https://schemas.test/t/middle.json#/definitions/title'}}}");

        StoredSchema top = document(store, "u/top.json");

        assertThat(top.schema().at("/properties/a")).isEqualTo(tree("{'type': 'boolean'}"));
        assertThat(top.schema().at("/properties/b/title").textValue()).isEqualTo("Title");
        assertThat(new String(top.json())).doesNotContain("$ref");
    }

    @Test
    void theOutputHoldsNoRefAnywhere() {
        StoredSchema doc = dereferenced("a.json", "'definitions': {'x': {'type': 'string'}, 'y': {'$ref': '#/definitions/x'}},"
                + " 'allOf': [{'$ref': 'global.json#'}, {'properties': {'p': {'$ref': '#/definitions/y'}}}]");

        assertThat(new String(doc.json())).doesNotContain("$ref");
        assertThat(doc.dependsOn()).containsExactly(0);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "'definitions': {'a': {'$ref': '#/definitions/a'}}",
            "'definitions': {'a': {'$ref': '#/definitions/b'}, 'b': {'allOf': [{'$ref': '#/definitions/a'}]}}",
            "'properties': {'p': {'$ref': '#'}}",
            "'definitions': {'a': {'not': {'$ref': '#/definitions'}}}"})
    void aCycleWithinOneDocumentIsRejected(String members) {
        StoredSchema doc = dereferenced("a.json", members);

        assertThat(doc.usable()).isFalse();
        assertThat(doc.problem()).startsWith("reference cycle: ");
    }

    @Test
    void aCycleAcrossTwoDocumentsIsRejected() {
        SchemaStore store = store(
                "t/a.json", schema("a.json", "'definitions': {'x': {'$ref': 'b.json#/definitions/y'}}"),
                "t/b.json", schema("b.json", "'definitions': {'y': {'items': {'$ref': 'a.json#/definitions/x'}}}"));

        assertThat(document(store, "t/a.json").problem()).isEqualTo("reference cycle: https://schemas.test/t/b.json#/definitions/y"
                + " -> https://schemas.test/t/a.json#/definitions/x -> https://schemas.test/t/b.json#/definitions/y");
        assertThat(document(store, "t/b.json").usable()).isFalse();
    }

    @Test
    void documentsReferringToEachOtherWithoutACycleAreFine() {
        SchemaStore store = store(
                "t/a.json", schema("a.json", "'definitions': {'x': {'type': 'string'}, 'y': {'$ref': 'b.json#/definitions/z'}}"),
                "t/b.json", schema("b.json", "'definitions': {'z': {'type': 'number'}, 'w': {'$ref': 'a.json#/definitions/x'}}"));

        assertThat(store.unusable()).isEmpty();
        assertThat(document(store, "t/a.json").schema().at("/definitions/y")).isEqualTo(tree("{'type': 'number'}"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"#/definitions/missing", "global.json#/properties/missing", "global.json#/properties/title/0",
            "missing.json#/x", "https://nowhere.test/missing.json", "#no-pointer"})
    void aRefThatCannotBeResolvedMakesTheDocumentUnusable(String ref) {
        StoredSchema doc = dereferenced("a.json", "'properties': {'p': {'$ref': '" + ref + "'}}");

        assertThat(doc.usable()).isFalse();
        assertThat(doc.problem()).contains(ref);
    }

    @Test
    void aRefToAnUnusableDocumentMakesTheReferrerUnusable() {
        SchemaStore store = store(
                "t/bad.json", "{'$id': 'https://schemas.test/t/bad.json', 'type': ",
                "t/a.json", schema("a.json", "'allOf': [{'$ref': 'bad.json#'}]"));

        assertThat(document(store, "t/a.json").problem()).contains("refers to test:t/bad.json, which is unusable (not valid JSON");
    }

    @Test
    void aRefMayStandWhereTheMetaSchemaWantsAValueAndIsCheckedAsServed() {
        StoredSchema fine = dereferenced("a.json", "'texts': {'t': 'A title'}, 'title': {'$ref': '#/texts/t'}");
        StoredSchema wrong = dereferenced("b.json", "'texts': {'t': {'x': 1}}, 'title': {'$ref': '#/texts/t'}");

        assertThat(fine.schema().get("title").textValue()).isEqualTo("A title");
        assertThat(wrong.problem()).startsWith("not a valid draft-07 schema: #/title");
    }

    @Test
    void numbersAreServedAsWritten() {
        StoredSchema doc = dereferenced("a.json", "'properties': {'p': {'multipleOf': 0.50, 'maximum': 1e400, 'minimum': 10}}");

        assertThat(new String(doc.json())).contains("{\"multipleOf\":0.50,\"maximum\":1E+400,\"minimum\":10}");
    }

    @Test
    void aDocumentExpandingExponentiallyIsRejected() {
        StringBuilder definitions = new StringBuilder("'d0': {'type': 'string'}");
        for (int i = 1; i <= 30; i++) {
            definitions.append(", 'd").append(i).append("': {'allOf': [{'$ref': '#/definitions/d").append(i - 1)
                    .append("'}, {'$ref': '#/definitions/d").append(i - 1).append("'}]}");
        }

        StoredSchema doc = dereferenced("a.json", "'definitions': {" + definitions + "}");

        assertThat(doc.problem()).contains("expands to more than");
    }

    @Test
    void aSmallTextExpandingToGigabytesIsUnusableBeforeItIsWrittenOut() {
        // 2^12 copies of 200,000 characters under allOf, as many again under definitions: about 2.5 GB as served, from 201 KB
        StoredSchema doc = document(store("t/big.json", doubling("https://schemas.test/t/big.json", 12, 200_000)), "t/big.json");

        assertThat(doc.problemKind()).isEqualTo(Dereferencer.TOO_LARGE);
        assertThat(doc.problem()).contains("expands to more than " + MAX_EXPANDED_SIZE + " bytes once its references are resolved");
    }

    @Test
    void theByteBoundIsTheSizeAsServed() {
        // multi-byte characters, every kind of escape, numbers as written, empty containers
        String members = "'definitions': {'x': {'title': 'Zo\u00eb \u6f22 \ud83d\ude00 \\\\ \\\" \\n \\u0001 /', 'multipleOf': 0.50,"
                + " 'maximum': 1e400, 'enum': [true, null, -3, [], {}], 'properties': {}}},"
                + " 'properties': {'p': {'$ref': '#/definitions/x'}, 'q': {'items': [{'$ref': '#/definitions/x'}]}}";
        long served = dereferenced("a.json", members).json().length;

        assertThat(prepared(members, served).usable()).isTrue();
        assertThat(prepared(members, served - 1).problemKind()).isEqualTo(Dereferencer.TOO_LARGE);
    }

    @ParameterizedTest
    @ValueSource(ints = {51, 250, 800})
    void aDocumentNestedTooDeeplyOnceResolvedIsUnusable(int levels) {
        StoredSchema doc = document(store("t/deep.json", notChain("https://schemas.test/t/deep.json", levels)), "t/deep.json");

        assertThat(doc.problemKind()).isEqualTo(Dereferencer.TOO_DEEP);
        assertThat(doc.problem()).contains("nests deeper than 50 levels once its references are resolved");
    }

    @Test
    void anEightHundredLevelDefinitionsChainIsUnusable() {
        // each definition one level below the next: 64 KB, about 960,000 values in all once resolved
        StringBuilder definitions = new StringBuilder("'d0': {'type': 'string'}");
        for (int i = 1; i < 800; i++) {
            definitions.append(", 'd").append(i).append("': {'type': 'object', 'properties': {'n': {'$ref': '#/definitions/d")
                    .append(i - 1).append("'}}}");
        }

        StoredSchema doc = dereferenced("chain.json", "'definitions': {" + definitions + "}");

        assertThat(doc.usable()).isFalse();
        assertThat(doc.problemKind()).isEqualTo(Dereferencer.TOO_DEEP);
    }

    @Test
    void documentsTogetherPastTheStoresBoundAreUnusableFromTheOneThatCrossesIt() {
        // 3 documents of 19,000 values each: each within its own bound, not all three together
        String values = "'default': [" + "1, ".repeat(18_990) + "1]";
        SchemaStore store = store("t/a.json", schema("a.json", values), "t/b.json", schema("b.json", values),
                "t/c.json", schema("c.json", values));

        assertThat(store.documents()).extracting(StoredSchema::usable).containsExactly(true, true, false);
        assertThat(document(store, "t/c.json").problem()).contains("expand to more than 50000 JSON values together");
    }

    private static StoredSchema prepared(String members, long maxBytes) {
        return SchemaStoreLoader.prepare(List.of(TestStores.source("t/a.json", schema("a.json", members))), maxBytes)
                .documents().get(0);
    }
}
