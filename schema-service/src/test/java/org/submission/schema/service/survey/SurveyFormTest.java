package org.submission.schema.service.survey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.schema.store.TestStores.tree;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The survey of documents in dependency order. */
class SurveyFormTest {

    private static final SurveyForm FORM = SurveyForm.of(List.of(
            tree("{'options': {'fields': {'a': {'label': 'A'}}}, 'definitions': {'form': {'properties': {"
                    + "'a': {'type': 'string'}, 'b': {'type': 'string'}}}}}"),
            tree("{'required': ['a'], 'anyOf': [{'required': ['b']}, {'required': ['c']}], 'definitions': {'form': {"
                    + "'properties': {'c': {'type': 'string'}, 'a': {'type': 'boolean'}}}}}")));

    @Test
    void oneQuestionPerDisplayedFieldFirstSeenFirstWithTheRulesOfEveryDocument() {
        assertThat(FORM.survey().toString()).isEqualTo(tree("{'checkErrorsMode': 'onValueChanged', 'textUpdateMode': 'onTyping',"
                + " 'elements': [{'name': 'a', 'type': 'text', 'title': 'A', 'isRequired': true},"
                + " {'name': 'b', 'type': 'text', 'title': 'b', 'requiredIf': '{c} empty'},"
                + " {'name': 'c', 'type': 'text', 'title': 'c', 'requiredIf': '{b} empty'}]}").toString());
    }

    @Test
    void readOnlyMarksTheNamedQuestionsOfACopyAndIgnoresOtherKeys() {
        var marked = FORM.withReadOnly(FORM.shown(Set.of("c", "doi")));

        assertThat(marked.get("elements").findValuesAsText("readOnly")).containsExactly("true");
        assertThat(marked.at("/elements/2/readOnly").booleanValue()).isTrue();
        assertThat(FORM.survey().toString()).doesNotContain("readOnly");
        assertThat(FORM.shown(Set.of("doi"))).isEmpty();
    }
}
