package org.submission.deploy.policies;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.submission.deploy.policies.PassCore.PassCoreException;

/** The funders, policies and repositories of a PASS installation, as pass-core lists them. */
record PassRecords(List<Funder> funders, List<Policy> policies, List<Repository> repositories) {

    /** {@code policyId} is null for a funder without {@code Funder.policy}. */
    record Funder(String id, String name, String localKey, String policyId) {
    }

    record Policy(String id, String title, List<String> repositoryIds) {
    }

    record Repository(String id, String name) {
    }

    static PassRecords read(PassCore passCore) throws PassCoreException {
        List<Funder> funders = new ArrayList<>();
        for (JsonNode f : passCore.list("funder", null)) {
            JsonNode policy = f.path("relationships").path("policy").path("data");
            funders.add(new Funder(f.path("id").asText(), attribute(f, "name"), attribute(f, "localKey"),
                    policy.isObject() ? policy.path("id").asText() : null));
        }
        List<Policy> policies = new ArrayList<>();
        for (JsonNode p : passCore.list("policy", null)) {
            policies.add(policy(p));
        }
        List<Repository> repositories = new ArrayList<>();
        for (JsonNode r : passCore.list("repository", null)) {
            repositories.add(repository(r));
        }
        return new PassRecords(List.copyOf(funders), List.copyOf(policies), List.copyOf(repositories));
    }

    static Policy policy(JsonNode p) {
        List<String> repositoryIds = new ArrayList<>();
        p.path("relationships").path("repositories").path("data").forEach(r -> repositoryIds.add(r.path("id").asText()));
        return new Policy(p.path("id").asText(), attribute(p, "title"), List.copyOf(repositoryIds));
    }

    static Repository repository(JsonNode r) {
        return new Repository(r.path("id").asText(), attribute(r, "name"));
    }

    List<Policy> policiesTitled(String title) {
        return policies.stream().filter(p -> title.equals(p.title())).toList();
    }

    List<Repository> repositoriesNamed(String name) {
        return repositories.stream().filter(r -> name.equals(r.name())).toList();
    }

    Optional<Repository> repository(String id) {
        return repositories.stream().filter(r -> r.id().equals(id)).findFirst();
    }

    Optional<Policy> policy(String id) {
        return policies.stream().filter(p -> p.id().equals(id)).findFirst();
    }

    private static String attribute(JsonNode record, String name) {
        JsonNode value = record.path("attributes").path(name);
        return value.isTextual() ? value.asText() : null;
    }
}
