package org.submission.policy.rules;

import java.io.StringReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.submission.platform.reload.RejectedFile;
import org.submission.policy.rules.RulesDocument.Name;
import org.submission.policy.rules.RulesDocument.Requires;
import org.submission.policy.rules.RulesDocument.Rule;
import org.submission.policy.rules.RulesDocument.When;
import org.submission.policy.rules.RulesDocument.When.GrantDate;
import org.submission.policy.rules.RulesDocument.When.Window;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

import static org.submission.policy.rules.YamlNodes.date;
import static org.submission.policy.rules.YamlNodes.line;
import static org.submission.policy.rules.YamlNodes.mapping;
import static org.submission.policy.rules.YamlNodes.name;
import static org.submission.policy.rules.YamlNodes.scalar;
import static org.submission.policy.rules.YamlNodes.sequence;

/**
 * Reads a rules file's YAML into a {@link RulesDocument}, refusing anything it does not know (a
 * misspelt key would otherwise silently drop a condition) with the line it is on. SnakeYAML's node
 * tree, rather than a data binding, because it keeps each value's line.
 */
public final class RulesParser {

    /** Large enough for hundreds of rules, small enough that no file or request body can exhaust memory. */
    public static final int MAX_BYTES = 256 * 1024;

    static final Set<String> VERSIONS = Set.of("submittedVersion", "acceptedVersion", "publishedVersion");
    static final String SUBMITTED_DATE = "submittedDate";
    static final String METADATA = "metadata.";
    static final Set<String> REPOSITORY_KEYS = Set.of("prefixes", "key", "url", "description", "integration-type");
    static final Pattern LICENCE = Pattern.compile("^[a-z0-9][a-z0-9.-]{0,40}$");

    private RulesParser() {
    }

    public static RulesDocument parse(byte[] content) {
        if (content.length > MAX_BYTES) {
            throw new RejectedFile(0, "larger than " + MAX_BYTES / 1024 + " KB");
        }
        Node root;
        try {
            root = yaml().compose(new StringReader(utf8(content)));
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            throw new RejectedFile(mark == null ? 0 : mark.getLine() + 1, "not YAML: " + e.getProblem());
        } catch (YAMLException e) {
            throw new RejectedFile(0, "not YAML: " + e.getMessage());
        }
        if (root == null) {
            throw new RejectedFile(1, "empty: a rules file starts with \"version: 1\"");
        }
        Node version = root instanceof MappingNode map ? map.getValue().stream()
                .filter(tuple -> tuple.getKeyNode() instanceof ScalarNode key && key.getValue().equals("version"))
                .map(NodeTuple::getValueNode).findFirst().orElse(null) : null;
        if (version != null && "2".equals(scalar(version, "version"))) {
            return RulesParserVersion2.parse(mapping(root, "the file", RulesParserVersion2.TOP));
        }
        Map<String, Node> top = mapping(root, "the file", Set.of("version", "dates", "repositories", "policies"));
        if (version == null || !"1".equals(scalar(version, "version"))) {
            throw new RejectedFile(version == null ? 1 : line(version), "\"version: 1\" or \"version: 2\" expected");
        }
        List<String> accepted = top.containsKey("dates") ? accepted(top.get("dates")) : RulesDocument.DEFAULT_ACCEPTED;
        Map<Name, List<String>> repositories = top.containsKey("repositories")
                ? repositories(top.get("repositories"), false) : Map.of();
        List<Rule> rules = new ArrayList<>();
        if (top.containsKey("policies")) {
            for (Node entry : sequence(top.get("policies"), "policies")) {
                rules.add(rule(rules.size() + 1, entry));
            }
        }
        return new RulesDocument(accepted, repositories, List.copyOf(rules));
    }

    private static List<String> accepted(Node dates) {
        Map<String, Node> members = mapping(dates, "dates", Set.of("accepted"));
        if (!members.containsKey("accepted")) {
            return RulesDocument.DEFAULT_ACCEPTED;
        }
        List<String> sources = new ArrayList<>();
        for (Node source : sequence(members.get("accepted"), "dates.accepted")) {
            sources.add(source(source));
        }
        if (sources.isEmpty()) {
            throw new RejectedFile(line(members.get("accepted")), "dates.accepted names no source");
        }
        return List.copyOf(sources);
    }

    static String source(Node source) {
        String value = scalar(source, "a date source");
        if (value.startsWith(RegistryDates.PREFIX)
                && !RegistryDates.NAMES.contains(value.substring(RegistryDates.PREFIX.length()))) {
            throw new RejectedFile(line(source), "date source \"" + value + "\": the registry's dates are "
                    + RegistryDates.NAMES.stream().map(name -> RegistryDates.PREFIX + name).collect(Collectors.joining(", ")));
        }
        if (!value.equals(SUBMITTED_DATE) && !value.startsWith(RegistryDates.PREFIX)
                && !(value.startsWith(METADATA) && value.length() > METADATA.length())) {
            throw new RejectedFile(line(source), "date source \"" + value
                    + "\": metadata.<field>, submittedDate or registry.<date> expected");
        }
        return value;
    }

    /** @param described whether a repository may be a mapping with what {@code apply} needs besides its prefixes (version 2) */
    static Map<Name, List<String>> repositories(Node node, boolean described) {
        if (!(node instanceof MappingNode map)) {
            throw new RejectedFile(line(node), "repositories: a mapping of repository name to URL prefixes expected");
        }
        Map<Name, List<String>> repositories = new LinkedHashMap<>();
        for (NodeTuple tuple : map.getValue()) {
            Name name = name(tuple.getKeyNode(), "a repository");
            Node list = tuple.getValueNode();
            if (described && list instanceof MappingNode) {
                Map<String, Node> members = mapping(list, "repository " + name.value(), REPOSITORY_KEYS);
                if (!members.containsKey("prefixes")) {
                    throw new RejectedFile(line(list), "repository " + name.value() + " has no prefixes");
                }
                list = members.get("prefixes");
            }
            List<String> prefixes = new ArrayList<>();
            for (Node prefix : sequence(list, "repository " + name.value())) {
                String value = scalar(prefix, "a URL prefix");
                if (value.contains("://") || value.isBlank() || value.startsWith("/")) {
                    throw new RejectedFile(line(prefix), "URL prefix \"" + value + "\": host and path without a scheme expected, e.g. pmc.ncbi.nlm.nih.gov/");
                }
                prefixes.add(value);
            }
            if (repositories.keySet().stream().anyMatch(known -> known.value().equals(name.value()))) {
                throw new RejectedFile(name.line(), "repository \"" + name.value() + "\" given twice");
            }
            repositories.put(name, List.copyOf(prefixes));
        }
        return repositories;
    }

    private static Rule rule(int number, Node node) {
        Map<String, Node> members = mapping(node, "a policy rule", Set.of("policy", "funders", "when", "requires"));
        List<Name> funders = funders(number, node, members);
        When when = members.containsKey("when") ? when(members.get("when")) : When.ALWAYS;
        Requires requires = members.containsKey("requires") ? requires(members.get("requires"), false) : null;
        return new Rule(number, line(node), name(members.get("policy"), "a policy"), List.copyOf(funders), when, requires);
    }

    /** The rule's funders, after checking it names a policy and some funders (none: the institutional policy). */
    static List<Name> funders(int number, Node node, Map<String, Node> members) {
        if (!members.containsKey("policy")) {
            throw new RejectedFile(line(node), "rule " + number + " names no policy");
        }
        if (!members.containsKey("funders")) {
            throw new RejectedFile(line(node), "rule " + number + " has no funders (an empty list names the institutional policy)");
        }
        List<Name> funders = new ArrayList<>();
        for (Node funder : sequence(members.get("funders"), "funders")) {
            funders.add(name(funder, "a funder"));
        }
        return funders;
    }

    private static When when(Node node) {
        if (node instanceof ScalarNode scalar) {
            if (scalar.getValue().equals("otherwise")) {
                return When.OTHERWISE;
            }
            throw new RejectedFile(line(node), "when: \"otherwise\" or a mapping of accepted and grant-active-on expected");
        }
        Map<String, Node> members = mapping(node, "when", Set.of("accepted", "grant-active-on"));
        LocalDate from = null;
        LocalDate until = null;
        if (members.containsKey("accepted")) {
            Window window = window(members.get("accepted"), "when.accepted", 0, null);
            from = window.from();
            until = window.until();
        }
        boolean grantActive = false;
        if (members.containsKey("grant-active-on")) {
            Node on = members.get("grant-active-on");
            if (!"accepted".equals(scalar(on, "grant-active-on"))) {
                throw new RejectedFile(line(on), "grant-active-on: \"accepted\" expected");
            }
            grantActive = true;
        }
        return new When(false, from, until, grantActive);
    }

    static Window window(Node node, String what, int date, GrantDate grant) {
        Map<String, Node> window = mapping(node, what, Set.of("from", "until"));
        LocalDate from = window.containsKey("from") ? date(window.get("from")) : null;
        LocalDate until = window.containsKey("until") ? date(window.get("until")) : null;
        if (from != null && until != null && !from.isBefore(until)) {
            throw new RejectedFile(line(window.get("until")), "until " + until + " is not after from " + from + ": no date would match");
        }
        return new Window(date, grant, from, until);
    }

    /** @param versionTwo whether licences and a list of repositories may be given */
    static Requires requires(Node node, boolean versionTwo) {
        Map<String, Node> members = mapping(node, "requires", versionTwo
                ? Set.of("repository", "versions", "licences", "embargo-months") : Set.of("repository", "versions", "embargo-months"));
        if (!members.containsKey("repository") && !versionTwo) {
            throw new RejectedFile(line(node), "requires names no repository");
        }
        List<String> versions = new ArrayList<>();
        if (members.containsKey("versions")) {
            for (Node version : sequence(members.get("versions"), "versions")) {
                String value = scalar(version, "a version");
                if (!VERSIONS.contains(value)) {
                    throw new RejectedFile(line(version), "version \"" + value + "\": one of submittedVersion, acceptedVersion, publishedVersion expected");
                }
                versions.add(value);
            }
        } else {
            versions.addAll(List.of("acceptedVersion", "publishedVersion"));
        }
        Integer embargo = null;
        if (members.containsKey("embargo-months")) {
            Node months = members.get("embargo-months");
            try {
                embargo = Integer.valueOf(scalar(months, "embargo-months"));
            } catch (NumberFormatException e) {
                embargo = -1;
            }
            if (embargo < 0 || embargo > 120) {
                throw new RejectedFile(line(months), "embargo-months: a whole number of months from 0 to 120 expected");
            }
        }
        if (!versionTwo) {
            return new Requires(name(members.get("repository"), "a repository"), List.copyOf(versions), embargo);
        }
        // version 2 may name none: an open copy anywhere (the journal's own included) then satisfies
        Node repository = members.get("repository");
        List<Name> repositories = new ArrayList<>();
        if (repository != null) {
            for (Node one : repository instanceof ScalarNode ? List.of(repository) : sequence(repository, "requires.repository")) {
                repositories.add(name(one, "a repository"));
            }
        }
        List<String> licences = null;
        if (members.containsKey("licences")) {
            licences = new ArrayList<>();
            for (Node licence : sequence(members.get("licences"), "licences")) {
                String value = scalar(licence, "a licence");
                if (!LICENCE.matcher(value).matches()) {
                    throw new RejectedFile(line(licence), "licence \"" + value + "\": a licence word as Unpaywall writes it (cc-by, cc0, ...) expected");
                }
                licences.add(value);
            }
            licences = List.copyOf(licences);
        }
        return new Requires(List.copyOf(repositories), List.copyOf(versions), licences, embargo);
    }

    private static String utf8(byte[] content) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(content)).toString();
        } catch (CharacterCodingException e) {
            throw new RejectedFile(0, "not UTF-8 text");
        }
    }

    private static Yaml yaml() {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(0);
        options.setNestingDepthLimit(16);
        options.setCodePointLimit(MAX_BYTES);
        options.setAllowRecursiveKeys(false);
        return new Yaml(options);
    }
}
