package org.submission.schema.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.schema.store.TestStores.document;
import static org.submission.schema.store.TestStores.schema;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.submission.schema.store.SchemaStore;
import org.submission.schema.store.StoredSchema;
import org.submission.schema.store.TestStores;

class SchemaOrderTest {

    /** A document with {@code count} form properties, referring to the given documents' /definitions/x. */
    private static String doc(String file, int count, String... refersTo) {
        StringBuilder properties = new StringBuilder();
        for (int i = 0; i < count; i++) {
            properties.append(i == 0 ? "" : ", ").append("'p").append(i).append("': {'type': 'string'}");
        }
        StringBuilder refs = new StringBuilder();
        for (String target : refersTo) {
            refs.append(", {'$ref': '").append(target).append(".json#/definitions/x'}");
        }
        return schema(file + ".json", "'definitions': {'x': {'type': 'object'}, 'form': {'properties': {" + properties + "}}},"
                + " 'allOf': [{'type': 'object'}" + refs + "]");
    }

    private static List<String> order(SchemaStore store, String... firstSeen) {
        List<StoredSchema> documents = Arrays.stream(firstSeen).map(name -> document(store, "t/" + name + ".json")).toList();
        return SchemaOrder.order(documents).stream().map(d -> d.key().substring(2, d.key().length() - 5)).toList();
    }

    @Test
    void aChainGivenInReverseComesOutDependenciesFirst() {
        SchemaStore store = TestStores.store("t/a.json", doc("a", 5, "b"), "t/b.json", doc("b", 3, "c"), "t/c.json", doc("c", 1));

        assertThat(order(store, "a", "b", "c")).containsExactly("c", "b", "a");
    }

    @Test
    void aDiamondPutsTheSharedDependencyFirstAndTheTopLast() {
        SchemaStore store = TestStores.store("t/top.json", doc("top", 0, "left", "right"), "t/left.json", doc("left", 1, "base"),
                "t/right.json", doc("right", 2, "base"), "t/base.json", doc("base", 0));

        assertThat(order(store, "top", "left", "right", "base")).containsExactly("base", "right", "left", "top");
    }

    @Test
    void equalDependentsAndEqualPropertyCountsKeepFirstSeenOrder() {
        SchemaStore store = TestStores.store("t/a.json", doc("a", 2), "t/b.json", doc("b", 2), "t/c.json", doc("c", 2));

        assertThat(order(store, "b", "c", "a")).containsExactly("b", "c", "a");
        assertThat(order(store, "a", "c", "b")).containsExactly("a", "c", "b");
    }

    @Test
    void withoutDependenciesMoreFormPropertiesComeFirst() {
        SchemaStore store = TestStores.store("t/few.json", doc("few", 1, "global"), "t/many.json", doc("many", 9, "global"),
                "t/global.json", doc("global", 0));

        assertThat(order(store, "few", "many")).containsExactly("many", "few");
        assertThat(order(store, "few", "many", "global")).containsExactly("global", "many", "few");
    }

    @Test
    void dependenciesOutweighPropertyCounts() {
        SchemaStore store = TestStores.store("t/big.json", doc("big", 20, "small"), "t/small.json", doc("small", 0, "tiny"),
                "t/tiny.json", doc("tiny", 0), "t/lone.json", doc("lone", 10));

        assertThat(order(store, "big", "lone", "small", "tiny")).containsExactly("tiny", "small", "big", "lone");
    }

    @Test
    void aDependencyThroughADocumentOutsideTheSetStillCounts() {
        SchemaStore store = TestStores.store("t/a.json", doc("a", 9, "b"), "t/b.json", doc("b", 0, "c"), "t/c.json", doc("c", 0));

        assertThat(order(store, "a", "c")).containsExactly("c", "a");
    }
}
