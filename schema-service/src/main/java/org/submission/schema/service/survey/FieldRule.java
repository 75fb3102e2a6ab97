package org.submission.schema.service.survey;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How one field's presence is demanded, in SurveyJS terms: always ({@code isRequired}), or when a
 * SurveyJS expression holds ({@code requiredIf}), e.g. {@code {issns} empty} for a field that is
 * one of two alternatives. SurveyJS's {@code empty} is JSON Schema's "absent" for the values a form
 * writes, so a clause "a or b or not c" requires {@code a} when {@code {b} empty and {c} notempty}.
 */
record FieldRule(boolean required, String requiredIf) {

    /** The rule of each key some clause demands, in the order the clauses name them. */
    static Map<String, FieldRule> of(List<Clause> clauses) {
        Map<String, List<String>> conditions = new LinkedHashMap<>();
        Map<String, FieldRule> rules = new LinkedHashMap<>();
        for (Clause clause : clauses) {
            if (clause.isPlainRequirement()) {
                rules.put(clause.present().iterator().next(), new FieldRule(true, null));
                continue;
            }
            for (String key : clause.present()) {
                conditions.computeIfAbsent(key, k -> new ArrayList<>()).add(condition(clause, key));
            }
        }
        conditions.forEach((key, when) -> rules.putIfAbsent(key, new FieldRule(false, anyOf(when))));
        return rules;
    }

    /** The clause asks for {@code key} when none of its other keys helps. */
    private static String condition(Clause clause, String key) {
        List<String> terms = new ArrayList<>();
        clause.present().stream().filter(other -> !other.equals(key)).forEach(other -> terms.add(variable(other) + " empty"));
        clause.absent().forEach(other -> terms.add(variable(other) + " notempty"));
        return String.join(" and ", terms);
    }

    private static String anyOf(List<String> conditions) {
        if (conditions.size() == 1) {
            return conditions.get(0);
        }
        return conditions.stream().map(c -> c.contains(" and ") ? "(" + c + ")" : c).collect(Collectors.joining(" or "));
    }

    static String variable(String key) {
        return "{" + key + "}";
    }
}
