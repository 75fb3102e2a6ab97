package org.submission.deploy.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.submission.deploy.testing.OperatorGuide;

/**
 * Every alert's runbook link leads to a section of the operator's guide: an on-call reader who
 * follows it must land on what to do, not on the top of a long page.
 */
class RunbookAnchorsTest {

    @Test
    void everyRunbookLinkOfTheAlertRulesIsAHeadingOfTheOperatorGuide() throws Exception {
        List<String> links = runbookLinks();

        assertThat(links).isNotEmpty().allSatisfy(link -> assertThat(link).contains(AlertRules.RUNBOOK_PAGE));
        assertThat(OperatorGuide.read().anchors()).containsAll(
                links.stream().map(link -> link.substring(link.indexOf('#') + 1)).toList());
    }

    @Test
    void anchorsFollowGitHubsRules() {
        OperatorGuide guide = new OperatorGuide(List.of("## Render, check, apply", "#### 503 Service Unavailable",
                "```shell", "# not a heading", "```", "#### DoiUpstreamSlow"));

        assertThat(guide.anchors()).containsExactlyInAnyOrder("render-check-apply", "503-service-unavailable", "doiupstreamslow");
    }

    /** The links as committed (the base URL still a placeholder), read without rendering so that no tool is needed. */
    private static List<String> runbookLinks() throws Exception {
        List<String> links = new ArrayList<>();
        try (Stream<Path> files = Files.list(AlertRules.OVERLAY)) {
            for (Path file : files.filter(f -> f.getFileName().toString().contains("alerts")).sorted().toList()) {
                Rendered.parse(Files.readString(file)).all(PrometheusRule.class).forEach(rule -> rule.getSpec().groups()
                        .forEach(group -> group.rules().stream().filter(r -> r.alert() != null)
                                .forEach(r -> links.add(r.annotations().get("runbook_url")))));
            }
        }
        return links;
    }
}
