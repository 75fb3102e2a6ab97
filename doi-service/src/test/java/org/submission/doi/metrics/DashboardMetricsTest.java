package org.submission.doi.metrics;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreams;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;

/** Every metric the Grafana dashboard and the alert rules in deploy/ query is one the running service serves. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class DashboardMetricsTest extends FreshUpstreams {

    /** A series name where PromQL selects it: followed by its labels or its range. */
    private static final Pattern SERIES = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_:]*)\\s*[{\\[]");
    private static final Pattern EXPR = Pattern.compile("\"?expr\"?\\s*:\\s*(.*)$");

    @ParameterizedTest
    @ValueSource(strings = {"../deploy/grafana/doi-service.json", "../deploy/k8s/overlays/production/doi-service-alerts.yaml"})
    void everyMetricQueriedExistsInTheServicesMetrics(String file) throws IOException {
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, Fixtures.ARTICLE_JOURNAL, "print:2049-3630"));
        Api.journal(doi).then().statusCode(200);
        Set<String> served = given().get("/q/metrics").then().statusCode(200).extract().asString().lines()
                .filter(line -> !line.startsWith("#") && !line.isBlank())
                .map(line -> line.split("[{ ]", 2)[0]).collect(Collectors.toSet());

        Set<String> queried = queried(Files.readString(Path.of(file)));

        assertThat(queried).as("series queried in %s", file).isNotEmpty();
        assertThat(served).as("/q/metrics").containsAll(queried);
    }

    /** The series named in the file's queries: JSON {@code "expr": "…"} and YAML {@code expr:} (a block too). */
    private static Set<String> queried(String text) {
        Set<String> names = new TreeSet<>();
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            Matcher expr = EXPR.matcher(lines.get(i));
            if (!expr.find()) {
                continue;
            }
            StringBuilder query = new StringBuilder(expr.group(1).trim());
            if (query.toString().equals("|")) {
                int indent = indent(lines.get(i));
                for (int next = i + 1; next < lines.size() && indent(lines.get(next)) > indent; next++) {
                    query.append(' ').append(lines.get(next));
                }
            }
            Matcher series = SERIES.matcher(query.toString().replace("\\\"", "\""));
            while (series.find()) {
                names.add(series.group(1));
            }
        }
        return names;
    }

    private static int indent(String line) {
        return line.length() - line.stripLeading().length();
    }
}
