package org.submission.policy.rules;

import static org.submission.policy.rules.YamlNodes.date;
import static org.submission.policy.rules.YamlNodes.line;
import static org.submission.policy.rules.YamlNodes.mapping;
import static org.submission.policy.rules.YamlNodes.name;
import static org.submission.policy.rules.YamlNodes.scalar;
import static org.submission.policy.rules.YamlNodes.scalars;
import static org.submission.policy.rules.YamlNodes.sequence;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.submission.platform.reload.RejectedFile;
import org.submission.policy.rules.RulesDocument.Disputed;
import org.submission.policy.rules.RulesDocument.Funder;
import org.submission.policy.rules.RulesDocument.Name;
import org.submission.policy.rules.RulesDocument.NamedDate;
import org.submission.policy.rules.RulesDocument.Provenance;
import org.submission.policy.rules.RulesDocument.Rule;
import org.submission.policy.rules.RulesDocument.Source;
import org.submission.policy.rules.RulesDocument.When;
import org.submission.policy.rules.RulesDocument.When.GrantDate;
import org.submission.policy.rules.RulesDocument.When.Window;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * The parts of a version-2 rules file that version 1 lacks: named dates with approximate
 * sources, the funder table, windows on grant dates, and each rule's key and provenance. As
 * strict as version 1: an unknown key, date name or funder key is refused with its line.
 */
final class RulesParserVersion2 {

    static final Set<String> TOP = Set.of("version", "dates", "funders", "missing-records", "repositories", "policies");
    private static final Set<String> RULE = Set.of("key", "policy", "description", "policy-url", "funders", "when",
            "requires", "source", "disputed");
    private static final Set<String> FUNDER = Set.of("names", "local-keys", "ids", "funder-ids", "ror", "parent");
    private static final Pattern DATE_NAME = Pattern.compile("^[a-z][a-z0-9-]{0,40}$");
    private static final Pattern FUNDER_ID = Pattern.compile("^10\\.13039/[0-9a-zA-Z]+$");
    private static final Pattern ROR = Pattern.compile("^https://ror\\.org/[0-9a-z]{9}$");
    private static final String ID = "id:";
    private static final String ACTIVE_ON = "grant-active-on";

    private RulesParserVersion2() {
    }

    static RulesDocument parse(Map<String, Node> top) {
        List<NamedDate> dates = top.containsKey("dates") ? dates(top.get("dates"))
                : List.of(NamedDate.exact(RulesDocument.ACCEPTED, RulesDocument.DEFAULT_ACCEPTED));
        Map<String, Funder> funders = top.containsKey("funders") ? funders(top.get("funders")) : Map.of();
        boolean inactive = false;
        if (top.containsKey("missing-records")) {
            String value = scalar(top.get("missing-records"), "missing-records");
            if (!value.equals("inactive") && !value.equals("refuse")) {
                throw new RejectedFile(line(top.get("missing-records")), "missing-records: \"inactive\" or \"refuse\" expected");
            }
            inactive = value.equals("inactive");
        }
        Map<Name, List<String>> repositories = top.containsKey("repositories")
                ? RulesParser.repositories(top.get("repositories"), true) : Map.of();
        List<Rule> rules = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        if (top.containsKey("policies")) {
            for (Node entry : sequence(top.get("policies"), "policies")) {
                Rule rule = rule(rules.size() + 1, entry, dates, funders);
                if (!keys.add(rule.provenance().key())) {
                    throw new RejectedFile(rule.line(), "key \"" + rule.provenance().key() + "\" given to two rules");
                }
                rules.add(rule);
            }
        }
        return new RulesDocument(2, dates, repositories, funders, inactive, List.copyOf(rules));
    }

    private static List<NamedDate> dates(Node node) {
        if (!(node instanceof MappingNode map)) {
            throw new RejectedFile(line(node), "dates: a mapping of date name to its sources expected");
        }
        List<NamedDate> dates = new ArrayList<>();
        for (NodeTuple tuple : map.getValue()) {
            String name = scalar(tuple.getKeyNode(), "a date name");
            if (!DATE_NAME.matcher(name).matches()) {
                throw new RejectedFile(line(tuple.getKeyNode()), "date name \"" + name + "\": lower-case letters, digits and dashes expected");
            }
            if (dates.stream().anyMatch(known -> known.name().equals(name))) {
                throw new RejectedFile(line(tuple.getKeyNode()), "date \"" + name + "\" given twice");
            }
            List<Source> sources = new ArrayList<>();
            for (Node source : sequence(tuple.getValueNode(), "dates." + name)) {
                if (source instanceof MappingNode) {
                    Map<String, Node> members = mapping(source, "a date source", Set.of("source", "approximate"));
                    if (!members.containsKey("source")) {
                        throw new RejectedFile(line(source), "a date source names no source");
                    }
                    boolean approximate = members.containsKey("approximate")
                            && Boolean.parseBoolean(scalar(members.get("approximate"), "approximate"));
                    sources.add(new Source(RulesParser.source(members.get("source")), approximate));
                } else {
                    sources.add(new Source(RulesParser.source(source), false));
                }
            }
            if (sources.isEmpty()) {
                throw new RejectedFile(line(tuple.getValueNode()), "dates." + name + " names no source");
            }
            dates.add(new NamedDate(name, List.copyOf(sources)));
        }
        return List.copyOf(dates);
    }

    private static Map<String, Funder> funders(Node node) {
        if (!(node instanceof MappingNode map)) {
            throw new RejectedFile(line(node), "funders: a mapping of funder key to its names and identifiers expected");
        }
        Map<String, Funder> funders = new LinkedHashMap<>();
        for (NodeTuple tuple : map.getValue()) {
            String key = name(tuple.getKeyNode(), "a funder key").value();
            Map<String, Node> members = mapping(tuple.getValueNode(), "funder " + key, FUNDER);
            List<String> names = list(members, "names");
            List<String> localKeys = list(members, "local-keys");
            List<Long> ids = new ArrayList<>();
            for (String id : list(members, "ids")) {
                ids.add(passId(id, line(members.get("ids"))));
            }
            List<String> funderIds = checked(members, "funder-ids", FUNDER_ID, "a Crossref Funder ID, 10.13039/NNN");
            List<String> rors = checked(members, "ror", ROR, "a ROR id, https://ror.org/xxxxxxxxx");
            if (names.isEmpty() && localKeys.isEmpty() && ids.isEmpty()) {
                throw new RejectedFile(line(tuple.getKeyNode()), "funder " + key + " has no names, local-keys or ids to know its PASS funders by");
            }
            String parent = members.containsKey("parent") ? scalar(members.get("parent"), "parent") : null;
            if (funders.put(key, new Funder(key, line(tuple.getKeyNode()), names, localKeys, List.copyOf(ids), funderIds, rors,
                    parent)) != null) {
                throw new RejectedFile(line(tuple.getKeyNode()), "funder " + key + " given twice");
            }
        }
        for (Funder funder : funders.values()) {
            Set<String> seen = new HashSet<>();
            for (String up = funder.parent(); up != null; up = funders.get(up).parent()) {
                if (!funders.containsKey(up)) {
                    throw new RejectedFile(funder.line(), "funder " + funder.key() + ": parent \"" + up + "\" is not a funder key");
                }
                if (!seen.add(up) || up.equals(funder.key())) {
                    throw new RejectedFile(funder.line(), "funder " + funder.key() + ": its parents go round in a circle");
                }
            }
        }
        return funders;
    }

    private static List<String> list(Map<String, Node> members, String key) {
        return members.containsKey(key) ? List.copyOf(scalars(members.get(key), key)) : List.of();
    }

    private static List<String> checked(Map<String, Node> members, String key, Pattern pattern, String expected) {
        List<String> values = list(members, key);
        for (String value : values) {
            if (!pattern.matcher(value).matches()) {
                throw new RejectedFile(line(members.get(key)), key + " \"" + value + "\": " + expected + " expected");
            }
        }
        return values;
    }

    private static long passId(String value, int line) {
        try {
            if (value.startsWith(ID)) {
                return Long.parseLong(value.substring(ID.length()).trim());
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new RejectedFile(line, "id \"" + value + "\": id:N expected");
    }

    private static Rule rule(int number, Node node, List<NamedDate> dates, Map<String, Funder> table) {
        Map<String, Node> members = mapping(node, "a policy rule", RULE);
        if (!members.containsKey("key")) {
            throw new RejectedFile(line(node), "rule " + number + " has no key");
        }
        List<Name> funders = RulesParser.funders(number, node, members);
        for (Name funder : funders) {
            if (!table.containsKey(funder.value())) {
                throw new RejectedFile(funder.line(), "funder \"" + funder.value() + "\" is not a key of funders:"
                        + " a version-2 rule names its funders by key");
            }
        }
        When when = members.containsKey("when") ? when(members.get("when"), dates) : When.ALWAYS;
        var requires = members.containsKey("requires") ? RulesParser.requires(members.get("requires"), true) : null;
        if (!members.containsKey("source")) {
            throw new RejectedFile(line(node), "rule " + number + " has no source: the notice it follows, {url, checked}");
        }
        Provenance provenance = provenance(scalar(members.get("key"), "key"), members.get("source"), members.get("disputed"));
        return new Rule(number, line(node), name(members.get("policy"), "a policy"), List.copyOf(funders), when, requires,
                provenance);
    }

    private static When when(Node node, List<NamedDate> dates) {
        if (node instanceof ScalarNode scalar && scalar.getValue().equals("otherwise")) {
            return When.OTHERWISE;
        }
        Set<String> keys = new HashSet<>(Set.of(ACTIVE_ON));
        dates.forEach(date -> keys.add(date.name()));
        for (GrantDate grant : GrantDate.values()) {
            keys.add(grant.key);
        }
        if (node instanceof ScalarNode) {
            throw new RejectedFile(line(node), "when: \"otherwise\" or a mapping of " + String.join(", ", keys.stream().sorted().toList())
                    + " expected");
        }
        List<Window> windows = new ArrayList<>();
        int activeOn = -1;
        for (Map.Entry<String, Node> member : mapping(node, "when", keys).entrySet()) {
            String key = member.getKey();
            if (key.equals(ACTIVE_ON)) {
                String on = scalar(member.getValue(), ACTIVE_ON);
                activeOn = index(dates, on);
                if (activeOn < 0) {
                    throw new RejectedFile(line(member.getValue()), ACTIVE_ON + ": \"" + on + "\" is not a named date");
                }
                continue;
            }
            GrantDate grant = null;
            for (GrantDate one : GrantDate.values()) {
                grant = one.key.equals(key) ? one : grant;
            }
            windows.add(RulesParser.window(member.getValue(), "when." + key, grant == null ? index(dates, key) : -1, grant));
        }
        return new When(false, List.copyOf(windows), activeOn);
    }

    private static int index(List<NamedDate> dates, String name) {
        for (int i = 0; i < dates.size(); i++) {
            if (dates.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private static Provenance provenance(String key, Node source, Node disputed) {
        Map<String, Node> members = mapping(source, "source", Set.of("url", "checked", "confidence"));
        if (!members.containsKey("url") || !members.containsKey("checked")) {
            throw new RejectedFile(line(source), "source: its url and the day it was checked expected");
        }
        boolean unverified = false;
        if (members.containsKey("confidence")) {
            String confidence = scalar(members.get("confidence"), "confidence");
            if (!confidence.equals("unverified") && !confidence.equals("verified")) {
                throw new RejectedFile(line(members.get("confidence")), "confidence: \"verified\" or \"unverified\" expected");
            }
            unverified = confidence.equals("unverified");
        }
        LocalDate checked = date(members.get("checked"));
        List<Disputed> disputes = new ArrayList<>();
        if (disputed != null) {
            for (Node one : sequence(disputed, "disputed")) {
                Map<String, Node> dispute = mapping(one, "a disputing source", Set.of("url", "says"));
                if (!dispute.containsKey("url") || !dispute.containsKey("says")) {
                    throw new RejectedFile(line(one), "a disputing source: its url and what it says expected");
                }
                disputes.add(new Disputed(scalar(dispute.get("url"), "url"), scalar(dispute.get("says"), "says")));
            }
        }
        return new Provenance(key, scalar(members.get("url"), "url"), checked, unverified, List.copyOf(disputes));
    }
}
