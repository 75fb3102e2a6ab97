package org.submission.policy.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.submission.policy.rules.RuleSet.DatedRule;
import org.submission.policy.rules.RulesDocument.Funder;
import org.submission.policy.rules.RulesDocument.Name;
import org.submission.policy.rules.RulesDocument.Rule;

/**
 * A version-2 funder table as a registry's funder list is matched to it: each catalogue funder by
 * its Crossref Funder IDs, ROR ids and names (ignoring case and spacing), with the PASS funders
 * that bring it (its own and its children's) and the policies its rules give, without their dates.
 * Built once per load; {@link #NONE} without a funder table.
 */
public final class FunderCatalogue {

    public static final FunderCatalogue NONE = new FunderCatalogue(Map.of(), Map.of(), Map.of());

    /**
     * @param passFunders the PASS funders through which a grant brings it: its own and its children's
     * @param policyIds the policies of the active rules naming it or, when none does, its nearest parent so named
     * @param policies their titles, as PASS has them
     */
    public record Entry(String key, Set<Long> passFunders, List<Long> policyIds, List<String> policies) {
    }

    private final Map<String, Entry> byFunderId;
    private final Map<String, Entry> byRor;
    private final Map<String, Entry> byName;

    private FunderCatalogue(Map<String, Entry> byFunderId, Map<String, Entry> byRor, Map<String, Entry> byName) {
        this.byFunderId = byFunderId;
        this.byRor = byRor;
        this.byName = byName;
    }

    public boolean active() {
        return !byFunderId.isEmpty() || !byRor.isEmpty() || !byName.isEmpty();
    }

    /** The catalogue funder of a Crossref Funder ID (a bare DOI or a doi.org address), or null. */
    public Entry byFunderId(String id) {
        return id == null ? null : byFunderId.get(funderId(id));
    }

    /** The catalogue funder of a ROR id (bare or a ror.org address), or null. */
    public Entry byRor(String ror) {
        return ror == null ? null : byRor.get(ror(ror));
    }

    /** The catalogue funder of that name, ignoring case and spacing, or null. */
    public Entry byName(String name) {
        return name == null || name.isBlank() ? null : byName.get(FunderTable.normalised(name));
    }

    /** A Funder ID as compared: lower case, without a {@code doi:} prefix or a resolver's address. */
    public static String funderId(String id) {
        return after(id, "doi.org/", "doi:");
    }

    /** A ROR id as compared: its lower-case identifier, without {@code https://ror.org/}. */
    public static String ror(String ror) {
        return after(ror, "ror.org/", null);
    }

    private static String after(String value, String address, String prefix) {
        String lower = value.strip().toLowerCase(Locale.ROOT);
        int at = lower.indexOf(address);
        if (at >= 0) {
            return lower.substring(at + address.length());
        }
        return prefix != null && lower.startsWith(prefix) ? lower.substring(prefix.length()).strip() : lower;
    }

    static FunderCatalogue of(RulesDocument document, FunderTable table, List<DatedRule> active, Map<Long, String> titles) {
        Map<String, Funder> funders = document.funders();
        Map<String, Set<Long>> bringers = new HashMap<>();
        for (Funder funder : funders.values()) {
            for (String up = funder.key(); up != null; up = funders.get(up).parent()) {
                bringers.computeIfAbsent(up, key -> new LinkedHashSet<>()).addAll(table.passFundersOf(funder.key()));
            }
        }
        Map<Integer, DatedRule> byNumber = new HashMap<>();
        active.forEach(rule -> byNumber.put(rule.number(), rule));
        Map<String, Entry> byFunderId = new LinkedHashMap<>();
        Map<String, Entry> byRor = new LinkedHashMap<>();
        Map<String, Entry> byName = new LinkedHashMap<>();
        for (Funder funder : funders.values()) {
            String owner = table.ruledBy(funder.key());
            Set<Long> policyIds = new LinkedHashSet<>();
            for (Rule rule : document.rules()) {
                DatedRule resolved = byNumber.get(rule.number());
                if (owner != null && resolved != null && rule.funders().stream().map(Name::value).anyMatch(owner::equals)) {
                    policyIds.add(resolved.policyId());
                }
            }
            List<String> policies = new ArrayList<>();
            policyIds.forEach(id -> policies.add(titles.getOrDefault(id, "id:" + id)));
            Entry entry = new Entry(funder.key(), Set.copyOf(bringers.getOrDefault(funder.key(), Set.of())),
                    List.copyOf(policyIds), List.copyOf(policies));
            // a name or id two funders give is the first one's, in file order
            funder.funderIds().forEach(id -> byFunderId.putIfAbsent(funderId(id), entry));
            funder.rors().forEach(ror -> byRor.putIfAbsent(ror(ror), entry));
            funder.names().forEach(name -> byName.putIfAbsent(FunderTable.normalised(name), entry));
        }
        return new FunderCatalogue(Map.copyOf(byFunderId), Map.copyOf(byRor), Map.copyOf(byName));
    }
}
