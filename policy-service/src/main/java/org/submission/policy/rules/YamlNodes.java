package org.submission.policy.rules;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.submission.platform.reload.RejectedFile;
import org.submission.policy.rules.RulesDocument.Name;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/** The rules parsers' reading of SnakeYAML nodes: each shape expected, or a {@link RejectedFile} with the node's line. */
final class YamlNodes {

    private YamlNodes() {
    }

    static Map<String, Node> mapping(Node node, String what, Set<String> keys) {
        if (!(node instanceof MappingNode map)) {
            throw new RejectedFile(line(node), what + ": a mapping expected");
        }
        Map<String, Node> members = new LinkedHashMap<>();
        for (NodeTuple tuple : map.getValue()) {
            String key = scalar(tuple.getKeyNode(), "a key");
            if (!keys.contains(key)) {
                throw new RejectedFile(line(tuple.getKeyNode()), "unknown key \"" + key + "\" in " + what + " (known: "
                        + String.join(", ", keys.stream().sorted().toList()) + ")");
            }
            if (members.put(key, tuple.getValueNode()) != null) {
                throw new RejectedFile(line(tuple.getKeyNode()), "key \"" + key + "\" given twice in " + what);
            }
        }
        return members;
    }

    static List<Node> sequence(Node node, String what) {
        if (!(node instanceof SequenceNode list)) {
            throw new RejectedFile(line(node), what + ": a list expected");
        }
        return list.getValue();
    }

    /** A list of single values, or one value standing for a list of it. */
    static List<String> scalars(Node node, String what) {
        List<String> values = new ArrayList<>();
        if (node instanceof ScalarNode) {
            values.add(scalar(node, what));
            return values;
        }
        for (Node one : sequence(node, what)) {
            values.add(scalar(one, what));
        }
        return values;
    }

    static Name name(Node node, String what) {
        String value = scalar(node, what);
        if (value.isBlank()) {
            throw new RejectedFile(line(node), what + ": an empty name");
        }
        return new Name(value, line(node));
    }

    static String scalar(Node node, String what) {
        if (!(node instanceof ScalarNode scalar)) {
            throw new RejectedFile(line(node), what + ": a single value expected");
        }
        return scalar.getValue();
    }

    static LocalDate date(Node node) {
        String value = scalar(node, "a date");
        try {
            return LocalDate.parse(value);
        } catch (DateTimeParseException e) {
            throw new RejectedFile(line(node), "date \"" + value + "\": YYYY-MM-DD expected");
        }
    }

    static int line(Node node) {
        return node.getStartMark().getLine() + 1;
    }
}
