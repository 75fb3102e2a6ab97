package org.submission.schema.service.survey;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a dereferenced schema demands of which top-level keys of the blob are present, as clauses
 * that must all hold: {@code required} (also inside {@code allOf}), {@code anyOf}/{@code oneOf}
 * (each alternative's demands, one of which must hold) and {@code dependencies}. Everything else a
 * schema says (types, lengths, {@code contains}, {@code if}, {@code not}, oneOf's "only one") is
 * about values, not presence, and stays with the server's validation.
 */
final class PresenceRules {

    /** Beyond this many clauses from one anyOf, the expressions would not help a person; the server checks. */
    private static final int MAX_ALTERNATIVE_CLAUSES = 32;

    private PresenceRules() {
    }

    static List<Clause> of(List<JsonNode> schemas) {
        Set<Clause> all = new LinkedHashSet<>();
        schemas.forEach(schema -> all.addAll(of(schema)));
        return simplified(all);
    }

    static List<Clause> of(JsonNode schema) {
        if (!schema.isObject()) {
            return List.of();
        }
        Set<Clause> clauses = new LinkedHashSet<>();
        schema.path("required").forEach(key -> clauses.add(Clause.present(key.asText())));
        schema.path("allOf").forEach(part -> clauses.addAll(of(part)));
        clauses.addAll(oneOfThese(schema.path("anyOf")));
        clauses.addAll(oneOfThese(schema.path("oneOf")));
        for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("dependencies").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> dependency = it.next();
            Clause keyAbsent = new Clause(Set.of(), Set.of(dependency.getKey()));
            List<Clause> demands = dependency.getValue().isArray()
                    ? textValues(dependency.getValue()).stream().map(Clause::present).toList()
                    : of(dependency.getValue());
            demands.forEach(demand -> clauses.add(demand.or(keyAbsent)));
        }
        return simplified(clauses);
    }

    /** At least one alternative holds: the product of the alternatives' clauses. */
    private static List<Clause> oneOfThese(JsonNode alternatives) {
        List<Clause> product = null;
        for (JsonNode alternative : alternatives) {
            List<Clause> demands = of(alternative);
            if (demands.isEmpty()) {
                return List.of();
            }
            if (product == null) {
                product = demands;
                continue;
            }
            Set<Clause> next = new LinkedHashSet<>();
            for (Clause left : product) {
                for (Clause right : demands) {
                    next.add(left.or(right));
                }
            }
            product = simplified(next);
            if (product.size() > MAX_ALTERNATIVE_CLAUSES) {
                return List.of();
            }
        }
        return product == null ? List.of() : product;
    }

    /** Without clauses that always hold or that a stricter clause already implies. */
    private static List<Clause> simplified(Set<Clause> clauses) {
        List<Clause> kept = new ArrayList<>();
        for (Clause clause : clauses) {
            if (!clause.alwaysHolds() && clauses.stream().noneMatch(other -> !other.equals(clause) && other.implies(clause))) {
                kept.add(clause);
            }
        }
        return kept;
    }

    private static List<String> textValues(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asText()));
        return values;
    }
}
