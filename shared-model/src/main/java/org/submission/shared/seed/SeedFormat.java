package org.submission.shared.seed;

import com.fasterxml.jackson.databind.JsonNode;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.submission.shared.model.Funder;
import org.submission.shared.model.Grant;
import org.submission.shared.model.Journal;
import org.submission.shared.model.PassEntity;
import org.submission.shared.model.PassUser;
import org.submission.shared.model.Policy;
import org.submission.shared.model.Repository;
import org.submission.shared.model.Submission;

/**
 * The seed file format: one JSON object whose members are record types, each an array of
 * records. A record has a {@code key} of the file's own (unique in the file), an optional
 * numeric {@code id}, and the fields of its entity, by the same names: the entities are
 * the one mapping of the PASS tables. Fields holding entities name other records by their key.
 * Types are written in the order of this table, so a reference points to a record written earlier.
 */
final class SeedFormat {

    enum Kind { STRING, STRINGS, BOOLEAN, INTEGER, DATE, JSON, REF, REFS }

    /** A field of an entity as the seed file gives it; {@code target} is the referenced record type. */
    record Field(java.lang.reflect.Field member, Kind kind, String target) {
    }

    record Type(String name, Class<? extends PassEntity> entity, Map<String, Field> fields) {
    }

    private static final Map<Class<?>, String> NAMES = names(
            PassUser.class, "users", Repository.class, "repositories", Policy.class, "policies",
            Funder.class, "funders", Grant.class, "grants", Journal.class, "journals", Submission.class, "submissions");

    /** Text columns that hold a JSON document: the seed may give it as a JSON object. */
    private static final String JSON_TEXT = "metadata";

    static final List<Type> TYPES = NAMES.entrySet().stream()
            .map(e -> new Type(e.getValue(), e.getKey().asSubclass(PassEntity.class), fields(e.getKey()))).toList();

    private SeedFormat() {
    }

    static Type type(String name) {
        return TYPES.stream().filter(t -> t.name().equals(name)).findFirst().orElse(null);
    }

    /** The entity value of a checked field: text, a list, or the entities (from {@code records}) that references name. */
    static Object value(Field field, JsonNode value, Function<String, PassEntity> records) {
        return switch (field.kind()) {
            case STRING -> value.asText();
            case JSON -> value.isTextual() ? value.asText() : value.toString();
            case BOOLEAN -> value.asBoolean();
            case INTEGER -> value.asLong();
            case DATE -> day(value.asText());
            case REF -> records.apply(value.asText());
            case STRINGS, REFS -> {
                List<Object> items = new ArrayList<>();
                value.forEach(item -> items.add(field.kind() == Kind.REFS ? records.apply(item.asText()) : item.asText()));
                yield items;
            }
        };
    }

    private static Map<String, Field> fields(Class<?> entity) {
        Map<String, Field> byName = new LinkedHashMap<>();
        for (java.lang.reflect.Field member : entity.getDeclaredFields()) {
            int modifiers = member.getModifiers();
            // Quarkus makes the entities' public fields private behind accessors and adds Hibernate's own
            // (transient) fields: the persistent fields are the remaining instance fields.
            if (!Modifier.isStatic(modifiers) && !Modifier.isTransient(modifiers) && !member.isSynthetic()
                    && !member.getName().startsWith("$$")) {
                member.setAccessible(true);
                Class<?> type = member.getType();
                Class<?> element = type == List.class
                        ? (Class<?>) ((ParameterizedType) member.getGenericType()).getActualTypeArguments()[0] : null;
                Kind kind = type == String.class ? (member.getName().equals(JSON_TEXT) ? Kind.JSON : Kind.STRING)
                        : type == Boolean.class ? Kind.BOOLEAN
                        : type == Long.class ? Kind.INTEGER
                        : type == LocalDateTime.class ? Kind.DATE
                        : element == String.class ? Kind.STRINGS
                        : element != null ? Kind.REFS
                        : Kind.REF;
                String target = kind == Kind.REF ? NAMES.get(type) : kind == Kind.REFS ? NAMES.get(element) : null;
                if ((kind == Kind.REF || kind == Kind.REFS) && target == null) {
                    throw new IllegalStateException(entity.getSimpleName() + "." + member.getName() + " has no seed form");
                }
                byName.put(member.getName(), new Field(member, kind, target));
            }
        }
        return byName;
    }

    /** {@code YYYY-MM-DD} (midnight) or an ISO local date-time; null when neither. */
    static LocalDateTime day(String text) {
        try {
            return text.length() == 10 ? LocalDate.parse(text).atStartOfDay() : LocalDateTime.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static Map<Class<?>, String> names(Object... classAndName) {
        Map<Class<?>, String> names = new LinkedHashMap<>();
        for (int i = 0; i < classAndName.length; i += 2) {
            names.put((Class<?>) classAndName[i], (String) classAndName[i + 1]);
        }
        return names;
    }
}
