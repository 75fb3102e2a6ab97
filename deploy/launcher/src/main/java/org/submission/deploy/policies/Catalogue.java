package org.submission.deploy.policies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What adoption needs of a version-2 rules file: its funders, its repositories with what a PASS
 * Repository record is made of, and per rule its key, PASS policy title and repositories. Every
 * other field (dates, `when`, versions, licences, sources) is the policy service's and is not read.
 */
record Catalogue(Map<String, Funder> funders, Map<String, Repository> repositories, List<Rule> rules) {

    /** The policy service reads at most this much of a rules file; so does this. */
    static final long MAX_BYTES = 256 * 1024;

    record Funder(String key, List<String> names, List<String> localKeys, List<String> ids, String parent) {
    }

    /** {@code key}, {@code url}, ... are null for a repository given as a bare list of prefixes. */
    record Repository(String name, String key, String url, String description, String integrationType) {
    }

    record Rule(String key, String policy, String description, String policyUrl, List<String> funders,
                List<String> repositories) {
    }

    static Catalogue read(Path file) throws CatalogueException {
        JsonNode root;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new CatalogueException(file + " is over " + MAX_BYTES + " bytes");
            }
            root = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
        } catch (IOException e) {
            throw new CatalogueException("cannot read " + file + ": "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
        }
        if (root == null || root.path("version").asInt() != 2) {
            throw new CatalogueException(file + " is no version-2 rules file (version: 2)");
        }
        Map<String, Funder> funders = new LinkedHashMap<>();
        root.path("funders").properties().forEach(e -> funders.put(e.getKey(), new Funder(e.getKey(),
                strings(e.getValue().path("names")), strings(e.getValue().path("local-keys")),
                strings(e.getValue().path("ids")), text(e.getValue(), "parent"))));
        Map<String, Repository> repositories = new LinkedHashMap<>();
        root.path("repositories").properties().forEach(e -> repositories.put(e.getKey(), new Repository(e.getKey(),
                text(e.getValue(), "key"), text(e.getValue(), "url"), text(e.getValue(), "description"),
                text(e.getValue(), "integration-type"))));
        List<Rule> rules = new ArrayList<>();
        for (JsonNode rule : root.path("policies")) {
            String key = text(rule, "key");
            String policy = text(rule, "policy");
            if (key == null || policy == null) {
                throw new CatalogueException(file + ": a rule without key or policy (" + rule + ")");
            }
            rules.add(new Rule(key, policy, text(rule, "description"), text(rule, "policy-url"),
                    strings(rule.path("funders")), strings(rule.path("requires").path("repository"))));
        }
        return new Catalogue(funders, repositories, List.copyOf(rules));
    }

    /** A string or a list of strings; absent is empty. */
    private static List<String> strings(JsonNode node) {
        List<String> values = new ArrayList<>();
        if (node.isTextual()) {
            values.add(node.asText());
        }
        node.forEach(v -> values.add(v.asText()));
        return List.copyOf(values);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isValueNode() && !value.isNull() ? value.asText() : null;
    }

    static final class CatalogueException extends Exception {
        CatalogueException(String message) {
            super(message);
        }
    }
}
