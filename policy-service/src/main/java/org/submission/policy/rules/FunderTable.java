package org.submission.policy.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.submission.platform.reload.RejectedFile;
import org.submission.policy.rules.RuleDirectory.FunderRecord;
import org.submission.policy.rules.RulesDocument.Funder;
import org.submission.policy.rules.RulesDocument.Name;
import org.submission.policy.rules.RulesDocument.Rule;

/**
 * A version-2 funder table matched to PASS's funders: each key's PASS funders (by name ignoring
 * case and spacing, local key or id), and the PASS funders a rule naming a key reaches, those of
 * the key's children included unless a rule names the child itself. Built once per load, so a
 * request looks a funder's rules up by its PASS id alone.
 */
final class FunderTable {

    private static final Pattern SPACES = Pattern.compile("\\s+");

    /** Per key, the PASS funders it is. */
    private final Map<String, Set<Long>> passFunders;
    /** Per key, the key whose rules it gets: itself or its nearest parent that a rule names; null: none. */
    private final Map<String, String> ruledBy;

    private FunderTable(Map<String, Set<Long>> passFunders, Map<String, String> ruledBy) {
        this.passFunders = passFunders;
        this.ruledBy = ruledBy;
    }

    static String normalised(String name) {
        return SPACES.matcher(name.strip()).replaceAll(" ").toLowerCase(Locale.ROOT);
    }

    static FunderTable of(RulesDocument document, RuleDirectory directory) {
        Map<String, Set<Long>> passFunders = new LinkedHashMap<>();
        Map<Long, String> matchedBy = new HashMap<>();
        for (Funder funder : document.funders().values()) {
            Set<String> names = new HashSet<>();
            funder.names().forEach(name -> names.add(normalised(name)));
            Set<Long> ids = new LinkedHashSet<>();
            for (FunderRecord record : directory.funderRecords()) {
                if (funder.ids().contains(record.id()) || (record.name() != null && names.contains(normalised(record.name())))
                        || (record.localKey() != null && funder.localKeys().contains(record.localKey()))) {
                    ids.add(record.id());
                    String other = matchedBy.putIfAbsent(record.id(), funder.key());
                    if (other != null) {
                        throw new RejectedFile(funder.line(), "PASS funder id:" + record.id() + " (\"" + record.name() + "\") is both "
                                + other + " and " + funder.key() + " of funders: give it to one of them");
                    }
                }
            }
            passFunders.put(funder.key(), ids);
        }
        Set<String> named = new HashSet<>();
        document.rules().forEach(rule -> rule.funders().forEach(name -> named.add(name.value())));
        Map<String, String> ruledBy = new HashMap<>();
        for (Funder funder : document.funders().values()) {
            String up = funder.key();
            while (up != null && !named.contains(up)) {
                up = document.funders().get(up).parent();
            }
            ruledBy.put(funder.key(), up);
        }
        return new FunderTable(passFunders, ruledBy);
    }

    /** The PASS funders that are funder {@code key} itself. */
    Set<Long> passFundersOf(String key) {
        return passFunders.getOrDefault(key, Set.of());
    }

    /** The key whose rules funder {@code key} gets: itself or its nearest parent a rule names; null: none. */
    String ruledBy(String key) {
        return ruledBy.get(key);
    }

    /**
     * The PASS funders the rule reaches. A key that reaches none is refused, or with
     * {@code inactiveMissing} added to {@code missing}, when the rule then reaches none at all.
     */
    Set<Long> passFunders(Rule rule, boolean inactiveMissing, List<String> missing) {
        Set<Long> reached = new LinkedHashSet<>();
        List<Name> none = new ArrayList<>();
        for (Name key : rule.funders()) {
            int before = reached.size();
            ruledBy.forEach((funder, owner) -> {
                if (key.value().equals(owner)) {
                    reached.addAll(passFunders.get(funder));
                }
            });
            if (reached.size() == before) {
                none.add(key);
            }
        }
        if (!none.isEmpty() && !inactiveMissing) {
            throw new RejectedFile(none.get(0).line(), "no PASS funder is funder " + none.get(0).value()
                    + " (by its names ignoring case and spacing, local-keys or ids), nor a child of it");
        }
        if (reached.isEmpty() && !none.isEmpty()) {
            missing.add("no PASS funder for " + String.join(", ", none.stream().map(Name::value).toList()));
        }
        return reached;
    }
}
