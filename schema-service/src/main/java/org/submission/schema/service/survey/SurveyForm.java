package org.submission.schema.service.survey;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.submission.schema.store.Json;

/**
 * The SurveyJS survey for schema documents in dependency order: one question per displayed field,
 * in first-seen order, required as the documents together demand of the blob. Derived once per
 * document list; the read-only marks of a request are applied to a copy.
 *
 * @param survey the survey JSON, shared and never changed
 * @param fields the names of its questions
 */
public record SurveyForm(ObjectNode survey, Set<String> fields) {

    public static SurveyForm of(List<JsonNode> ordered) {
        Map<String, JsonNode> properties = FormFields.properties(ordered);
        Map<String, JsonNode> options = FormFields.options(ordered);
        Map<String, FieldRule> rules = FieldRule.of(PresenceRules.of(ordered));
        ArrayNode elements = Json.NODES.arrayNode();
        properties.forEach((name, property) -> {
            ObjectNode question = Questions.question(name, property, options.getOrDefault(name, Json.NODES.missingNode()));
            FieldRule rule = rules.get(name);
            if (rule != null && rule.required()) {
                question.put("isRequired", true);
            } else if (rule != null) {
                question.put("requiredIf", rule.requiredIf());
            }
            elements.add(question);
        });
        ObjectNode survey = Json.NODES.objectNode();
        // as the PASS UI shows its forms: errors as soon as a value changes, values as they are typed
        survey.put("checkErrorsMode", "onValueChanged").put("textUpdateMode", "onTyping").set("elements", elements);
        return new SurveyForm(survey, Set.copyOf(properties.keySet()));
    }

    /** The survey with these questions read-only; names of no question are ignored. */
    public JsonNode withReadOnly(Set<String> keys) {
        if (keys.stream().noneMatch(fields::contains)) {
            return survey;
        }
        ObjectNode copy = survey.deepCopy();
        copy.get("elements").forEach(question -> {
            if (keys.contains(question.get("name").asText())) {
                ((ObjectNode) question).put("readOnly", true);
            }
        });
        return copy;
    }

    /** The read-only keys that name questions, sorted: what distinguishes two answers. */
    public Set<String> shown(Set<String> keys) {
        return keys.stream().filter(fields::contains).collect(Collectors.toCollection(TreeSet::new));
    }
}
