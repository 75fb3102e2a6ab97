package org.submission.schema.service.survey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.schema.store.TestStores.tree;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.schema.store.Json;

/** The SurveyJS question of a form property: widget from the schema, texts from the options. */
class QuestionsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "a string                    | {'type': 'string', 'title': 'T', 'description': 'D'} | {'label': 'L', 'placeholder': 'P'} | {'name':'k','type':'text','title':'L','description':'D','placeholder':'P'}",
            "a label with markup         | {'type': 'string', 'title': 'T'}                     | {'label': 'L <small>(optional)</small>'} | {'name':'k','type':'text','title':'T'}",
            "no title at all             | {'type': 'string'}                                   | {}                                 | {'name':'k','type':'text','title':'k'}",
            "textarea                    | {'type': 'string', 'title': 'T'}                     | {'type': 'textarea', 'rows': 6}    | {'name':'k','type':'comment','rows':6,'title':'T'}",
            "hidden                      | {'type': 'object', 'title': 'T'}                     | {'hidden': true}                   | {'name':'k','type':'text','title':'T','visible':false}",
            "a date                      | {'type': 'string', 'format': 'date', 'title': 'T'}   | {}                                 | {'name':'k','type':'text','inputType':'date','title':'T'}",
            "an enum                     | {'type': 'string', 'enum': ['x', 'y'], 'title': 'T'} | {}                                 | {'name':'k','type':'dropdown','choices':['x','y'],'title':'T'}",
            "a boolean                   | {'type': 'boolean', 'title': 'T'}                    | {}                                 | {'name':'k','type':'boolean','title':'T'}",
            "a checkbox kept in a string | {'type': 'string', 'title': 'T'}                     | {'type': 'checkbox'}               | {'name':'k','type':'boolean','valueTrue':'true','valueFalse':'false','title':'T'}",
            "words from an enum          | {'type': 'array', 'items': {'enum': ['x']}, 'title': 'T'} | {}                            | {'name':'k','type':'tagbox','choices':['x'],'title':'T'}",
            "free words                  | {'type': 'array', 'items': {'type': 'string'}, 'title': 'T'} | {}                         | {'name':'k','type':'tagbox','choices':[],'allowCustomChoices':true,'title':'T'}",
            "objects: a dynamic panel    | {'type': 'array', 'title': 'T', 'items': {'type': 'object', 'required': ['a'], 'properties': {'a': {'type': 'string', 'title': 'A'}, 'b': {'enum': ['p']}}}} | {'items': {'fields': {'b': {'label': 'B'}}}} | {'name':'k','type':'paneldynamic','title':'T','templateElements':[{'name':'a','type':'text','title':'A','isRequired':true},{'name':'b','type':'dropdown','choices':['p'],'title':'B'}]}"})
    void questionFollowsTheSchemaAndItsOptions(String name, String property, String options, String expected) {
        assertThat(Json.MAPPER.valueToTree(Questions.question("k", tree(property), tree(options))).toString())
                .isEqualTo(tree(expected).toString());
    }
}
