package org.submission.deploy.policies;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.submission.deploy.policies.Catalogue.Rule;
import org.submission.deploy.policies.PassRecords.Funder;
import org.submission.deploy.policies.PassRecords.Policy;

/**
 * The catalogue beside a PASS installation: per catalogue key the PASS records its rule would use,
 * those missing and the stale ones; per PASS funder the catalogue funder it is. Writes nothing.
 */
record Plan(Catalogue catalogue, PassRecords pass) {

    /** The repository names the rules require that no PASS record has, in catalogue order. */
    Set<String> missingRepositories() {
        Set<String> missing = new LinkedHashSet<>();
        catalogue.rules().forEach(r -> r.repositories().stream()
                .filter(name -> pass.repositoriesNamed(name).isEmpty()).forEach(missing::add));
        return missing;
    }

    /** The policy titles of the rules that no PASS record has, each with the first rule naming it. */
    List<Rule> missingPolicies() {
        Set<String> seen = new LinkedHashSet<>();
        return catalogue.rules().stream()
                .filter(r -> pass.policiesTitled(r.policy()).isEmpty() && seen.add(r.policy())).toList();
    }

    /** A PASS policy of a rule's title routed to other repositories than the rule's. */
    record Stale(Policy policy, Set<String> routes, List<String> wanted) {
        @Override
        public String toString() {
            return "policy id:" + policy.id() + " routes to " + quoted(routes) + ", the catalogue to " + quoted(wanted);
        }
    }

    List<Stale> stale(Rule rule) {
        List<Stale> stale = new ArrayList<>();
        if (rule.repositories().isEmpty()) {
            return stale; // the rule names no repository: any route is the catalogue's
        }
        for (Policy policy : pass.policiesTitled(rule.policy())) {
            Set<String> routes = policy.repositoryIds().stream()
                    .map(id -> pass.repository(id).map(PassRecords.Repository::name).orElse("id:" + id))
                    .collect(Collectors.toCollection(LinkedHashSet::new));
            if (!routes.equals(new LinkedHashSet<>(rule.repositories()))) {
                stale.add(new Stale(policy, routes, rule.repositories()));
            }
        }
        return stale;
    }

    /** The catalogue funders a PASS funder is, by name (case and spacing ignored), local key or id. */
    List<String> matches(Funder funder) {
        return catalogue.funders().values().stream().filter(c ->
                (funder.name() != null && c.names().stream().anyMatch(n -> normal(n).equals(normal(funder.name()))))
                        || (funder.localKey() != null && c.localKeys().contains(funder.localKey()))
                        || c.ids().contains("id:" + funder.id()))
                .map(Catalogue.Funder::key).toList();
    }

    void print(PrintStream out) {
        for (Rule rule : catalogue.rules()) {
            List<Policy> policies = pass.policiesTitled(rule.policy());
            StringBuilder line = new StringBuilder("key ").append(rule.key()).append(": policy \"")
                    .append(rule.policy()).append("\" ").append(policies.isEmpty() ? "missing" : ids(policies.stream()
                            .map(Policy::id).toList()));
            if (policies.size() > 1) {
                line.append(" (several: name one id:N in the catalogue)");
            }
            for (String name : rule.repositories()) {
                List<String> found = pass.repositoriesNamed(name).stream().map(PassRecords.Repository::id).toList();
                line.append("; repository \"").append(name).append("\" ").append(found.isEmpty() ? "missing" : ids(found));
            }
            stale(rule).forEach(s -> line.append("; STALE: ").append(s));
            out.println(line);
        }
        int matched = 0;
        for (Funder funder : pass.funders()) {
            List<String> keys = matches(funder);
            matched += keys.isEmpty() ? 0 : 1;
            out.println("funder id:" + funder.id() + " \"" + funder.name() + "\"" + (funder.localKey() == null ? ""
                    : " (" + funder.localKey() + ")") + ": " + (keys.isEmpty() ? "none" : keys.size() == 1 ? keys.get(0)
                    : "AMBIGUOUS " + String.join(" and ", keys) + " (the policy service refuses this)"));
        }
        long stale = catalogue.rules().stream().mapToLong(r -> stale(r).size()).sum();
        out.println("summary: " + missingPolicies().size() + " policies and " + missingRepositories().size()
                + " repositories missing, " + stale + " stale, " + matched + " of " + pass.funders().size()
                + " PASS funders matched");
    }

    static String quoted(Iterable<String> names) {
        List<String> q = new ArrayList<>();
        names.forEach(n -> q.add("\"" + n + "\""));
        return q.isEmpty() ? "no repository" : String.join(" and ", q);
    }

    private static String ids(List<String> ids) {
        return ids.stream().map(id -> "id:" + id).collect(Collectors.joining(", "));
    }

    private static String normal(String name) {
        return String.join(" ", name.trim().toLowerCase(Locale.ROOT).split("\\s+"));
    }
}
