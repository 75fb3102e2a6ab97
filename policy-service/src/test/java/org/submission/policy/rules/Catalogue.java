package org.submission.policy.rules;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.submission.policy.rules.RuleDirectory.FunderRecord;
import org.submission.policy.rules.RulesDocument.Funder;
import org.submission.policy.rules.RulesDocument.Rule;

/**
 * The shipped catalogue ({@code deploy/policies/catalogue.yaml}) as it is, resolved against a PASS
 * that has every record it names: each policy title and repository name one record (ids from 1000
 * and 2000, in file order), each table funder one PASS funder named by its first name (ids from
 * 3000, in table order).
 */
public final class Catalogue {

    public static final Path FILE = Path.of("../deploy/policies/catalogue.yaml");
    public static final RulesDocument DOCUMENT = RulesParser.parse(bytes());
    public static final RuleDirectory COMPLETE = complete(DOCUMENT);
    public static final RuleSet RULES = RuleResolver.resolve(DOCUMENT, COMPLETE);

    private Catalogue() {
    }

    /** The PASS policy id of the policy a rule of that key gives. */
    public static long policyOf(String key) {
        Rule rule = DOCUMENT.rules().stream().filter(r -> r.provenance().key().equals(key)).findFirst().orElseThrow();
        return COMPLETE.policies().get(rule.policy().value()).get(0);
    }

    /** The PASS funder id of a table funder's key. */
    public static long funderOf(String key) {
        return 3000 + new ArrayList<>(DOCUMENT.funders().keySet()).indexOf(key);
    }

    private static RuleDirectory complete(RulesDocument document) {
        RuleResolver.Names names = RuleResolver.names(document);
        Map<String, List<Long>> policies = new HashMap<>();
        Map<Long, String> titles = new HashMap<>();
        for (String title : names.policies()) {
            long id = 1000 + policies.size();
            policies.put(title, List.of(id));
            titles.put(id, title);
        }
        Map<String, List<Long>> repositories = new HashMap<>();
        Map<Long, String> repositoryNames = new HashMap<>();
        for (String name : names.repositories()) {
            long id = 2000 + repositories.size();
            repositories.put(name, List.of(id));
            repositoryNames.put(id, name);
        }
        List<FunderRecord> funders = new ArrayList<>();
        for (Funder funder : document.funders().values()) {
            funders.add(new FunderRecord(3000 + funders.size(), funder.names().get(0), null));
        }
        return new RuleDirectory(policies, titles, Map.of(), Map.of(), repositories, repositoryNames, null, funders);
    }

    private static byte[] bytes() {
        try {
            return Files.readAllBytes(FILE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
