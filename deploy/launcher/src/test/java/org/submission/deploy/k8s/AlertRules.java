package org.submission.deploy.k8s;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.submission.deploy.testing.Project;

/**
 * The alert rules of the production overlay as Prometheus reads them: the groups of every rendered
 * PrometheusRule's {@code spec} (each a plain rule file), in one rule file.
 */
public record AlertRules(List<PrometheusRule.RuleGroup> groups) {

    public static final Path OVERLAY = Project.ROOT.resolve("deploy/k8s/overlays/production");
    /** What each runbook link's base stands for in the committed rules and in deploy/monitoring/alert-tests.yaml. */
    static final String BASE_PLACEHOLDER = "RUNBOOK_BASE_URL";
    static final String RUNBOOK_PAGE = "/docs/operator-guide.md#";

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    public static AlertRules rendered() throws IOException, InterruptedException {
        return new AlertRules(Rendered.kustomize(OVERLAY).all(PrometheusRule.class).stream()
                .flatMap(rule -> rule.getSpec().groups().stream()).toList());
    }

    public List<PrometheusRule.Rule> alerts() {
        return groups.stream().flatMap(group -> group.rules().stream()).filter(rule -> rule.alert() != null).toList();
    }

    /** The base URL the overlay's runbook-base-url put in front of every runbook link. */
    String runbookBase() {
        String link = alerts().get(0).annotations().get("runbook_url");
        return link.substring(0, link.indexOf(RUNBOOK_PAGE));
    }

    /** Writes them as a rule file ({@code groups:}) to {@code file}. */
    public Path write(Path file) throws IOException {
        YAML.writeValue(file.toFile(), Map.of("groups", groups));
        return file;
    }

    /** The unit tests of deploy/monitoring beside {@link #write written} rules in {@code dir}, as promtool reads them. */
    Path writeUnitTests(Path dir) throws IOException {
        write(dir.resolve("rules.yaml"));
        String tests = Files.readString(Project.ROOT.resolve("deploy/monitoring/alert-tests.yaml"));
        return Files.writeString(dir.resolve("alert-tests.yaml"), tests.replace(BASE_PLACEHOLDER, runbookBase()));
    }
}
