package org.submission.deploy.policies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.submission.deploy.policies.Catalogue.Rule;
import org.submission.deploy.policies.PassCore.PassCoreException;

/**
 * Creates, through pass-core's JSON:API, the Repository and then the Policy records the catalogue's
 * rules name and PASS lacks; never changes or deletes a record. pass-core does not keep titles or
 * names unique, so each record is looked for again right before it is created: a second run, or
 * one beside it, creates nothing.
 */
final class Apply {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Apply() {
    }

    /** Answers what the operator must still do. */
    static List<String> run(Catalogue catalogue, PassRecords pass, PassCore passCore, PrintStream out)
            throws PassCoreException {
        Plan plan = new Plan(catalogue, pass);
        List<String> todo = new ArrayList<>();
        Map<String, String> repositoryIds = new HashMap<>();
        pass.repositories().forEach(r -> repositoryIds.putIfAbsent(r.name(), r.id()));
        int created = 0;
        for (String name : plan.missingRepositories()) {
            Catalogue.Repository wanted = catalogue.repositories().get(name);
            if (wanted == null || wanted.key() == null) {
                todo.add("create the PASS repository \"" + name + "\": the catalogue gives no key, url and"
                        + " integration-type for it");
                continue;
            }
            List<JsonNode> now = passCore.list("repository", PassCore.equalsFilter("name", name));
            if (!now.isEmpty()) {
                repositoryIds.put(name, now.get(0).path("id").asText());
                continue;
            }
            ObjectNode attributes = NODES.objectNode().put("name", name);
            putIfSet(attributes, "description", wanted.description());
            putIfSet(attributes, "url", wanted.url());
            putIfSet(attributes, "integrationType", wanted.integrationType());
            attributes.put("repositoryKey", wanted.key());
            String id = passCore.create("repository", attributes, null).path("id").asText();
            repositoryIds.put(name, id);
            out.println("created repository id:" + id + " \"" + name + "\" (" + wanted.key() + ")");
            created++;
        }
        for (Rule rule : plan.missingPolicies()) {
            List<String> lacking = rule.repositories().stream().filter(n -> !repositoryIds.containsKey(n)).toList();
            if (!lacking.isEmpty()) {
                todo.add("create the PASS policy \"" + rule.policy() + "\" (" + rule.key() + ") once "
                        + Plan.quoted(lacking) + " exist");
                continue;
            }
            if (!passCore.list("policy", PassCore.equalsFilter("title", rule.policy())).isEmpty()) {
                continue;
            }
            ObjectNode attributes = NODES.objectNode().put("title", rule.policy());
            putIfSet(attributes, "description", first(catalogue, rule.policy(), Rule::description));
            putIfSet(attributes, "policyUrl", first(catalogue, rule.policy(), Rule::policyUrl));
            ObjectNode relationships = NODES.objectNode();
            var data = relationships.putObject("repositories").putArray("data");
            rule.repositories().forEach(n -> data.addObject().put("type", "repository").put("id", repositoryIds.get(n)));
            String id = passCore.create("policy", attributes, relationships).path("id").asText();
            out.println("created policy id:" + id + " \"" + rule.policy() + "\" (" + rule.key() + "), routed to "
                    + Plan.quoted(rule.repositories()));
            created++;
        }
        if (created == 0) {
            out.println("created nothing: every policy and repository of the catalogue has its PASS record");
        }
        return todo;
    }

    /** The first non-null value of the rules of that title: any one rule of a policy may carry its text. */
    private static String first(Catalogue catalogue, String title, java.util.function.Function<Rule, String> field) {
        return catalogue.rules().stream().filter(r -> r.policy().equals(title)).map(field)
                .filter(Objects::nonNull).findFirst().orElse(null);
    }

    private static void putIfSet(ObjectNode node, String field, String value) {
        if (value != null) {
            node.put(field, value);
        }
    }
}
