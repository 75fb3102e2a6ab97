package org.submission.deploy.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.submission.deploy.gateway.RouteTable;
import org.submission.deploy.k8s.AlertRules;
import org.submission.deploy.k8s.PrometheusRule;
import org.submission.deploy.testing.Project;
import org.submission.platform.testing.ExternalTool;

/**
 * The dashboards under deploy/grafana and the production overlay's alert rules against a real
 * Prometheus scraping the three real services (the local stack of {@code ./run.sh --offline})
 * every second, while this test's traffic provokes what the panels show: answers, failed
 * authentications, an upstream failing (502) and pausing the DOI service (503).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DashboardQueriesTest {

    private static final List<String> SERVICES = List.of(RouteTable.SCHEMA, RouteTable.POLICY, RouteTable.DOI);
    private static final Map<String, List<String>> REQUESTS = Map.of(
            RouteTable.SCHEMA, List.of("/schemaservice?entityIds=10", "/schemaservice?entityIds=12&merge=true"),
            RouteTable.POLICY, List.of("/policy/policies?submission=60", "/policy/repositories?submission=60"),
            RouteTable.DOI, List.of("/doi/manuscript?doi=10.4137/CMC.S38446", "/doi/journal?doi=10.4137/CMC.S38446"));
    /** Series that come from outside the services: kube-state-metrics in a cluster. */
    private static final Set<String> FROM_THE_CLUSTER = Set.of("kube_pod_status_ready");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private ReplicatedStack stack;
    private LocalPrometheus prometheus;
    private String authorization;

    @BeforeAll
    void startTheStackAndPrometheusAndSendTraffic() throws Exception {
        ExternalTool.require("prometheus");
        stack = ReplicatedStack.start(1);
        authorization = basic(stack.backendUser(), stack.backendPassword());
        Map<String, Integer> targets = new LinkedHashMap<>();
        SERVICES.forEach(service -> targets.put(service, port(service)));
        Path target = Files.createDirectories(Project.ROOT.resolve("deploy/launcher/target"));
        prometheus = LocalPrometheus.start(Files.createTempDirectory(target, "prometheus"), targets);
        traffic();
    }

    @AfterAll
    void stop() {
        if (prometheus != null) {
            prometheus.close();
        }
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    void everyPanelQueryReturnsSeries() throws Exception {
        List<String> empty = new ArrayList<>();
        for (DashboardQueries query : DashboardQueries.all()) {
            int series = prometheus.query(query.expr()).size();
            System.out.printf("panel %s / %s [%s]: %d series%n", query.dashboard(), query.panel(), query.refId(), series);
            if (series == 0) {
                empty.add(query.dashboard() + " / " + query.panel() + " [" + query.refId() + "]: " + query.expr());
            }
        }

        assertThat(empty).as("panel queries without a series").isEmpty();
    }

    /** A fallback ({@code or vector(0)}) would hide a misspelt name: every name queried must be served. */
    @Test
    void everyMetricThePanelsAndAlertsQueryIsServed() throws Exception {
        Set<String> queried = new TreeSet<>();
        for (DashboardQueries query : DashboardQueries.all()) {
            queried.addAll(DashboardQueries.metricNames(query.expr()));
        }
        for (PrometheusRule.Rule alert : AlertRules.rendered().alerts()) {
            queried.addAll(DashboardQueries.metricNames(alert.expr()));
        }
        queried.removeAll(FROM_THE_CLUSTER);

        assertThat(prometheus.metricNames()).as("series Prometheus scraped").containsAll(queried);
    }

    private void traffic() throws Exception {
        for (int round = 0; round < 20; round++) {
            for (String service : SERVICES) {
                for (String path : REQUESTS.get(service)) {
                    assertThat(get(service, path, authorization)).as("%s %s", service, path).isEqualTo(200);
                }
            }
        }
        // the registry failing, then asking for a pause: 503 with Retry-After until it ends
        for (int n = 0; n < 5; n++) {
            stack.offlineStub().failWork("10.9999/failing-" + n, 500, null);
            // 502, or 503 once the registry's circuit opens
            assertThat(get(RouteTable.DOI, "/doi/journal?doi=10.9999/failing-" + n, authorization)).isBetween(502, 503);
        }
        stack.offlineStub().failWork("10.9999/pausing", 429, "120");
        assertThat(get(RouteTable.DOI, "/doi/journal?doi=10.9999/pausing", authorization)).isEqualTo(503);
        for (int n = 0; n < 5; n++) {
            assertThat(get(RouteTable.DOI, "/doi/journal?doi=10.9999/refused-" + n, authorization)).isEqualTo(503);
        }
        // last: the failed authentications may put this address under a penalty (429) for a while
        String wrong = basic(stack.backendUser(), "wrong-password");
        for (int n = 0; n < 10; n++) {
            for (String service : SERVICES) {
                assertThat(get(service, REQUESTS.get(service).get(0), wrong)).as("%s with a wrong password", service).isIn(401, 429);
            }
        }
        // the traffic's counts in at least a few scrapes of every service, for rates over RATE_INTERVAL:
        // on a quiet machine the traffic is over before Prometheus has scraped five times
        for (String service : SERVICES) {
            long giveUp = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (prometheus.scrapes(service) < 5 && System.nanoTime() < giveUp) {
                Thread.sleep(500);
            }
            assertThat(prometheus.scrapes(service)).as("scrapes of %s", service).isGreaterThanOrEqualTo(5);
        }
    }

    private int get(String service, String path, String credentials) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port(service) + path))
                .header("Authorization", credentials).header("Cookie", "XSRF-TOKEN=t").header("X-XSRF-TOKEN", "t")
                .timeout(Duration.ofSeconds(30)).build();
        return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private int port(String service) {
        return stack.replicas(service).get(0).spec().port();
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }
}
