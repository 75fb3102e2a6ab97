package org.submission.deploy.policies;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.submission.deploy.policies.Catalogue.Rule;
import org.submission.deploy.policies.PassRecords.Funder;

/** What `apply` leaves to the operator, since it changes no existing PASS record and edits no file. */
final class Followups {

    private Followups() {
    }

    static List<String> of(Plan plan) {
        List<String> todo = new ArrayList<>();
        Set<String> said = new LinkedHashSet<>();
        for (Rule rule : plan.catalogue().rules()) {
            plan.stale(rule).forEach(s -> todo.add("in PASS, route policy id:" + s.policy().id() + " \"" + rule.policy()
                    + "\" to " + Plan.quoted(s.wanted()) + " instead of " + Plan.quoted(s.routes()) + " (" + rule.key()
                    + "): apply changes no existing record"));
            var titled = plan.pass().policiesTitled(rule.policy());
            if (titled.size() > 1 && said.add(rule.policy())) {
                todo.add("PASS has " + titled.size() + " policies titled \"" + rule.policy() + "\": name the one "
                        + rule.key() + " means as id:N in the catalogue, or the policy service refuses it");
            }
        }
        Set<String> matched = new LinkedHashSet<>();
        for (Funder funder : plan.pass().funders()) {
            List<String> keys = plan.matches(funder);
            matched.addAll(keys);
            if (keys.size() > 1) {
                todo.add("PASS funder id:" + funder.id() + " is the catalogue's " + String.join(" and ", keys)
                        + ": keep one of its names (or local key) in one of them");
            } else if (keys.size() == 1 && funder.policyId() == null) {
                todo.add("link PASS funder id:" + funder.id() + " \"" + funder.name() + "\" (" + keys.get(0)
                        + ") to a policy in PASS: PASS's own screens show Funder.policy");
            }
        }
        // a child's grant is the parent's too: a parent with a matched child is not unmatched
        Set<String> reached = new LinkedHashSet<>();
        for (String key : matched) {
            for (String k = key; k != null && reached.add(k); ) {
                Catalogue.Funder f = plan.catalogue().funders().get(k);
                k = f == null ? null : f.parent();
            }
        }
        Set<String> unmatched = new LinkedHashSet<>();
        plan.catalogue().rules().forEach(r -> r.funders().stream().filter(f -> !reached.contains(f)).forEach(unmatched::add));
        if (!unmatched.isEmpty()) {
            todo.add("no PASS funder is the catalogue's " + String.join(", ", unmatched) + ": their rules stay"
                    + " inactive until one is: create the funder in PASS, or add the PASS funder's name, local-keys or"
                    + " id:N to the catalogue's funders");
        }
        todo.add("dry run the catalogue against the running rules: POST /policy/rules/dry-run"
                + " (docs/operator-guide.md, \"Adopt the catalogue\")");
        todo.add("switch the ConfigMap policy-rules to the catalogue and apply the overlay"
                + " (docs/operator-guide.md, \"Adopt the catalogue\")");
        return todo;
    }
}
