package org.submission.schema.service.survey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.schema.store.TestStores.tree;

import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What a schema requires of the blob's keys, as SurveyJS isRequired and requiredIf. */
class PresenceRulesTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "required                             | {'required': ['a', 'b']}                                                  | a=required; b=required",
            "required through allOf               | {'allOf': [{'allOf': [{'required': ['a']}]}, {'required': ['b']}]}        | a=required; b=required",
            "anyOf of two keys                    | {'anyOf': [{'required': ['a']}, {'required': ['b']}]}                     | a={b} empty; b={a} empty",
            "oneOf of three keys                  | {'oneOf': [{'required': ['a']}, {'required': ['b']}, {'required': ['c']}]} | a={b} empty and {c} empty; b={a} empty and {c} empty; c={a} empty and {b} empty",
            "an alternative requiring nothing     | {'anyOf': [{'required': ['a']}, {'properties': {'b': {'minItems': 1}}}]} | ''",
            "an alternative requiring two keys    | {'anyOf': [{'required': ['a', 'b']}, {'required': ['c']}]}                | a={c} empty; c={a} empty or {b} empty; b={c} empty",
            "a key every alternative requires     | {'anyOf': [{'required': ['a', 'b']}, {'required': ['a', 'c']}]}           | a=required; b={c} empty; c={b} empty",
            "dependencies: a needs b              | {'dependencies': {'a': ['b']}}                                            | b={a} notempty",
            "schema dependency                    | {'dependencies': {'a': {'required': ['b', 'c']}}}                          | b={a} notempty; c={a} notempty",
            "required wins over a condition       | {'required': ['b'], 'dependencies': {'a': ['b']}}                         | b=required",
            "nested object's required is no key's | {'properties': {'x': {'required': ['y']}}}                                | ''",
            "if/then is left to the server        | {'if': {'required': ['a']}, 'then': {'required': ['b']}}                  | ''"})
    void presenceRulesFollowWhatTheSchemaRequires(String name, String schema, String expected) {
        String rules = FieldRule.of(PresenceRules.of(tree(schema))).entrySet().stream()
                .map(e -> e.getKey() + "=" + (e.getValue().required() ? "required" : e.getValue().requiredIf()))
                .collect(Collectors.joining("; "));

        assertThat(rules).isEqualTo(expected);
    }
}
