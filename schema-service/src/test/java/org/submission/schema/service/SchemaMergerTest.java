package org.submission.schema.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.submission.schema.store.TestStores.tree;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SchemaMergerTest {

    private static JsonNode merge(String... shorthand) throws SchemaMerger.Conflict {
        return SchemaMerger.merge(Arrays.stream(shorthand).map(s -> tree(s)).toList());
    }

    @Test
    void nothingMergesToAnEmptyObject() throws Exception {
        assertThat(SchemaMerger.merge(List.of())).isEqualTo(tree("{}"));
    }

    @Test
    void topLevelPreambleIsDroppedButKeptDeeper() throws Exception {
        JsonNode union = merge("{'title': 'A', 'description': 'd', '$id': 'i', '$schema': 's', '$comment': 'c', 'type': 'object',"
                + " 'definitions': {'form': {'title': 'Form A', '$comment': 'kept'}}}");

        assertThat(union).isEqualTo(tree("{'type': 'object', 'definitions': {'form': {'title': 'Form A', '$comment': 'kept'}}}"));
    }

    @Test
    void keysAbsentInTheTargetAreCopied() throws Exception {
        assertThat(merge("{'a': 1}", "{'b': {'c': [1]}}")).isEqualTo(tree("{'a': 1, 'b': {'c': [1]}}"));
    }

    @Test
    void objectsMergeKeyByKeyRecursively() throws Exception {
        assertThat(merge("{'h': {'i': 'j', 'n': {'o': 'p'}}}", "{'h': {'n': {'q': 'r'}, 'k': 'l'}}"))
                .isEqualTo(tree("{'h': {'i': 'j', 'n': {'o': 'p', 'q': 'r'}, 'k': 'l'}}"));
    }

    @Test
    void arraysGainOnlyIncomingElementsNotAlreadyPresent() throws Exception {
        JsonNode union = merge("{'a': ['x', 'y', {'k': [1, {'m': 'n'}]}]}", "{'a': ['y', 'z', {'k': [1, {'m': 'n'}]}, 'z', 2]}",
                "{'a': [{'k': [1, {'m': 'o'}]}, 2.0, 3]}");

        assertThat(union.get("a")).isEqualTo(tree("['x', 'y', {'k': [1, {'m': 'n'}]}, 'z', 2, {'k': [1, {'m': 'o'}]}, 3]"));
    }

    @Test
    void arrayElementsCompareObjectsRegardlessOfKeyOrder() throws Exception {
        assertThat(merge("{'a': [{'x': 1, 'y': 2}]}", "{'a': [{'y': 2, 'x': 1}]}").get("a")).hasSize(1);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {"'one'|'two'|'two'", "'one'|2|2", "true|null|null", "null|'x'|'x'", "1.5|false|false"})
    void laterScalarsWin(String first, String second, String expected) throws Exception {
        assertThat(merge("{'v': " + first + "}", "{'v': " + second + "}").get("v")).isEqualTo(tree(expected));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "{'d': {'p': ['a']}}|{'d': {'p': {'title': 'x'}}}|Type conflict at /d/p: array vs object",
            "{'d': {'p': {'title': 'x'}}}|{'d': {'p': ['a']}}|Type conflict at /d/p: object vs array",
            "{'d': {'p': {'title': 'x'}}}|{'d': {'p': 'x'}}|Type conflict at /d/p: object vs string",
            "{'d': 7}|{'d': {'p': 1}}|Type conflict at /d: number vs object",
            "{'d': ['a']}|{'d': true}|Type conflict at /d: array vs boolean",
            "{'d': null}|{'d': ['a']}|Type conflict at /d: null vs array",
            "{'a/b': {'c~d': 'x'}}|{'a/b': {'c~d': []}}|Type conflict at /a~1b/c~0d: string vs array"})
    void containerAgainstAnythingElseIsAConflictNamingThePointerAndTypes(String first, String second, String message) {
        assertThatThrownBy(() -> merge(first, second)).isInstanceOf(SchemaMerger.Conflict.class).hasMessage(message);
    }

    @Test
    void theInputsAreLeftUnchanged() throws Exception {
        JsonNode first = tree("{'a': {'b': [1]}}");
        JsonNode second = tree("{'a': {'b': [2], 'c': 'd'}}");

        SchemaMerger.merge(List.of(first, second));

        assertThat(first).isEqualTo(tree("{'a': {'b': [1]}}"));
        assertThat(second).isEqualTo(tree("{'a': {'b': [2], 'c': 'd'}}"));
    }
}
