package org.submission.schema.workbench;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;
import org.submission.platform.error.ApiException;
import org.submission.schema.config.SchemaServiceSettings;
import org.submission.schema.store.SchemaSource;

/**
 * What an author previews: repositories by id, stored schemas by URI, and draft documents, each
 * draft at the {@code <institution>/<file>.json} it would have in SCHEMA_SERVICE_DIR. Read from a
 * request body, every part bounded; anything else is a 400.
 *
 * @param repositories repository ids, each once, in the author's order
 * @param schemas      schema URIs (an {@code $id} or {@code <institution>/<file>.json}), each once
 * @param drafts       the drafts, in the author's order (a later one of the same path replaces an earlier one)
 */
public record Selection(List<Long> repositories, List<String> schemas, List<SchemaSource> drafts) {

    static final int MAX_REPOSITORIES = 50;
    static final int MAX_SCHEMAS = 50;
    static final int MAX_URI_LENGTH = 2000;
    private static final Pattern PATH = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}/[A-Za-z0-9][A-Za-z0-9._-]{0,99}\\.json");

    static Selection of(JsonNode body, SchemaServiceSettings.Workbench limits) {
        if (body == null || !body.isObject()) {
            throw ApiException.badRequest("The body must be a JSON object with repositories, schemas and drafts.");
        }
        List<Long> repositories = new ArrayList<>(new LinkedHashSet<>(repositories(array(body, "repositories", MAX_REPOSITORIES))));
        List<String> schemas = new ArrayList<>(new LinkedHashSet<>(schemas(array(body, "schemas", MAX_SCHEMAS))));
        List<SchemaSource> drafts = drafts(array(body, "drafts", limits.maxDrafts()), limits.maxDraftSize().asLongValue());
        if (repositories.isEmpty() && schemas.isEmpty() && drafts.isEmpty()) {
            throw ApiException.badRequest("Choose at least one repository, stored schema or draft.");
        }
        return new Selection(repositories, schemas, drafts);
    }

    private static List<JsonNode> array(JsonNode body, String name, int max) {
        JsonNode value = body.get(name);
        if (value == null || value.isNull()) {
            return List.of();
        }
        if (!value.isArray()) {
            throw ApiException.badRequest(name + " must be an array.");
        }
        if (value.size() > max) {
            throw ApiException.badRequest("At most " + max + " " + name + " at once (" + value.size() + " sent).");
        }
        List<JsonNode> elements = new ArrayList<>();
        value.forEach(elements::add);
        return elements;
    }

    private static List<Long> repositories(List<JsonNode> values) {
        return values.stream().map(value -> {
            if (!value.canConvertToExactIntegral() || !value.canConvertToLong() || value.longValue() < 1) {
                throw ApiException.badRequest("repositories must hold repository ids (positive integers).");
            }
            return value.longValue();
        }).toList();
    }

    private static List<String> schemas(List<JsonNode> values) {
        return values.stream().map(value -> {
            if (!value.isTextual() || value.textValue().isBlank() || value.textValue().length() > MAX_URI_LENGTH) {
                throw ApiException.badRequest("schemas must hold schema URIs of at most " + MAX_URI_LENGTH + " characters.");
            }
            return value.textValue().trim();
        }).toList();
    }

    private static List<SchemaSource> drafts(List<JsonNode> values, long maxSize) {
        List<SchemaSource> drafts = new ArrayList<>();
        for (JsonNode value : values) {
            JsonNode path = value.get("path");
            JsonNode text = value.get("text");
            if (path == null || !path.isTextual() || !PATH.matcher(path.textValue()).matches()) {
                throw ApiException.badRequest("Each draft needs a path <institution>/<file>.json (letters, digits, '.', '_'"
                        + " and '-'), as it would lie in SCHEMA_SERVICE_DIR.");
            }
            if (text == null || !text.isTextual()) {
                throw ApiException.badRequest("Draft " + path.textValue() + " needs its text, a string.");
            }
            byte[] content = text.textValue().getBytes(StandardCharsets.UTF_8);
            if (content.length > maxSize) {
                throw ApiException.badRequest("Draft " + path.textValue() + " has " + content.length
                        + " bytes; a draft may have " + maxSize + ".");
            }
            drafts.add(SchemaSource.draft(path.textValue(), content));
        }
        return drafts;
    }
}
