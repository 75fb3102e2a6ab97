package org.submission.deploy.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.submission.deploy.testing.Project;

/**
 * Every query of every panel of the Grafana dashboards under deploy/grafana, with Grafana's
 * variables replaced as Grafana would replace them: {@code $__rate_interval} by a window of the
 * test's scrapes, a template variable by its "All" value.
 */
record DashboardQueries(String dashboard, String panel, String refId, String expr) {

    static final Path GRAFANA = Project.ROOT.resolve("deploy/grafana");
    /** Several scrapes of a 1 s interval, as Grafana's $__rate_interval is at least four scrapes. */
    static final String RATE_INTERVAL = "30s";

    /** What in PromQL is not a metric name: strings, label matchers, ranges, label lists of by/without/on/ignoring/group_*. */
    private static final Pattern NOT_NAMES = Pattern.compile(
            "\"(?:[^\"\\\\]|\\\\.)*\"|\\{[^}]*}|\\[[^]]*]|\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
    /** An identifier not followed by "(" (a function): a metric name or a keyword. */
    private static final Pattern IDENTIFIER = Pattern.compile("(?<![\\w:.])([a-zA-Z_:][a-zA-Z0-9_:]*+)(?!\\s*\\()");
    private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "bool", "offset", "group_left", "group_right", "inf", "nan", "Inf", "NaN");
    private static final ObjectMapper JSON = new ObjectMapper();

    static List<DashboardQueries> all() throws IOException {
        List<DashboardQueries> queries = new ArrayList<>();
        try (Stream<Path> files = Files.list(GRAFANA)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                JsonNode dashboard = JSON.readTree(file.toFile());
                for (JsonNode panel : panels(dashboard)) {
                    for (JsonNode target : panel.path("targets")) {
                        queries.add(new DashboardQueries(file.getFileName().toString(), panel.path("title").asText(),
                                target.path("refId").asText(), substitute(target.path("expr").asText(), dashboard)));
                    }
                }
            }
        }
        return queries;
    }

    /** The panels, those inside collapsed rows too. */
    private static List<JsonNode> panels(JsonNode dashboard) {
        List<JsonNode> panels = new ArrayList<>();
        for (JsonNode panel : dashboard.path("panels")) {
            panels.add(panel);
            panel.path("panels").forEach(panels::add);
        }
        return panels;
    }

    private static String substitute(String expr, JsonNode dashboard) {
        String substituted = expr.replace("$__rate_interval", RATE_INTERVAL);
        for (JsonNode variable : dashboard.path("templating").path("list")) {
            if (variable.has("allValue")) {
                substituted = substituted.replace("$" + variable.path("name").asText(), variable.path("allValue").asText());
            }
        }
        return substituted;
    }

    /** The metric names a PromQL expression selects. */
    static Set<String> metricNames(String expr) {
        Set<String> names = new TreeSet<>();
        Matcher identifier = IDENTIFIER.matcher(NOT_NAMES.matcher(expr).replaceAll(" "));
        while (identifier.find()) {
            if (!KEYWORDS.contains(identifier.group(1))) {
                names.add(identifier.group(1));
            }
        }
        return names;
    }
}
