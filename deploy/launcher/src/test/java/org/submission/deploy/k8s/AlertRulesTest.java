package org.submission.deploy.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.submission.deploy.testing.Project;

/**
 * The production overlay's alert rules, taken from the rendered PrometheusRules, checked and unit
 * tested by Prometheus's own promtool (deploy/monitoring/alert-tests.yaml).
 */
class AlertRulesTest {

    @TempDir
    Path dir;

    @Test
    void promtoolAcceptsTheRulesOfTheRenderedPrometheusRules() throws Exception {
        AlertRules rules = AlertRules.rendered();
        rules.write(dir.resolve("rules.yaml"));

        Promtool check = Promtool.run(dir, "check", "rules", "rules.yaml");

        System.out.println("promtool check rules:\n" + check.output());
        assertThat(check.exitCode()).as(check.output()).isZero();
        assertThat(check.output()).contains("SUCCESS: " + rules.alerts().size() + " rules found");
    }

    @Test
    void everyAlertFiresOnItsUnitTestSeriesAfterItsForAndStaysQuietOnTheOthers() throws Exception {
        AlertRules.rendered().writeUnitTests(dir);

        Promtool test = Promtool.run(dir, "test", "rules", "alert-tests.yaml");

        System.out.println("promtool test rules:\n" + test.output());
        assertThat(test.exitCode()).as(test.output()).isZero();
        assertThat(test.output()).contains("SUCCESS");
    }

    /** promtool checks only what the tests expect: each alert needs a test in which it fires and one in which it must not. */
    @Test
    void everyAlertHasAUnitTestWhereItFiresAndOneWhereItMustNot() throws Exception {
        JsonNode tests = new ObjectMapper(new YAMLFactory()).readTree(Project.ROOT.resolve("deploy/monitoring/alert-tests.yaml").toFile());
        Set<String> fired = new HashSet<>();
        Set<String> quiet = new HashSet<>();
        for (JsonNode test : tests.path("tests")) {
            for (JsonNode evaluation : test.path("alert_rule_test")) {
                String alert = evaluation.path("alertname").asText();
                (evaluation.path("exp_alerts").isEmpty() ? quiet : fired).add(alert);
            }
        }

        for (PrometheusRule.Rule alert : AlertRules.rendered().alerts()) {
            assertThat(fired).as("a test where %s fires", alert.alert()).contains(alert.alert());
            assertThat(quiet).as("a test where %s must not fire", alert.alert()).contains(alert.alert());
        }
    }

    @Test
    void everyAlertHasAForASeverityASummaryAndItsRunbookLink() throws Exception {
        AlertRules rules = AlertRules.rendered();

        assertThat(rules.runbookBase()).startsWith("https://").doesNotEndWith("/");
        assertThat(rules.alerts()).isNotEmpty().allSatisfy(alert -> {
            assertThat(alert.forDuration()).as("%s for:", alert.alert()).matches("[1-9][0-9]*[mh]");
            assertThat(alert.labels()).as(alert.alert()).containsKey("severity");
            assertThat(alert.labels().get("severity")).isIn("warning", "critical");
            assertThat(alert.annotations()).as(alert.alert()).containsKey("summary");
            assertThat(alert.annotations().get("runbook_url")).as(alert.alert()).isEqualTo(
                    rules.runbookBase() + AlertRules.RUNBOOK_PAGE + alert.alert().toLowerCase(Locale.ROOT));
        });
    }
}
