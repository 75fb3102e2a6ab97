package org.submission.deploy.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.networking.v1.HTTPIngressPath;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.IngressServiceBackend;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.submission.deploy.gateway.RouteTable;
import org.submission.deploy.testing.OperatorGuide;
import org.submission.deploy.testing.Project;

/** The committed kustomize base and every overlay, rendered by {@code kubectl kustomize} and checked. */
class ManifestsTest {

    static final List<String> SERVICES = List.of(RouteTable.SCHEMA, RouteTable.POLICY, RouteTable.DOI);

    /** deploy/k8s/base and each folder of deploy/k8s/overlays. */
    static Stream<Path> kustomizations() throws IOException {
        Path k8s = Project.ROOT.resolve("deploy/k8s");
        try (Stream<Path> overlays = Files.list(k8s.resolve("overlays"))) {
            return Stream.concat(Stream.of(k8s.resolve("base")), overlays.filter(Files::isDirectory).sorted().toList().stream());
        }
    }

    @ParameterizedTest
    @MethodSource("kustomizations")
    void everyServiceHasADeploymentAndAService(Path dir) throws Exception {
        Rendered rendered = Rendered.kustomize(dir);

        assertThat(rendered.all(Deployment.class)).extracting(d -> d.getMetadata().getName())
                .containsExactlyInAnyOrderElementsOf(SERVICES);
        assertThat(rendered.all(Service.class)).extracting(s -> s.getMetadata().getName())
                .containsExactlyInAnyOrderElementsOf(SERVICES);
    }

    @Test
    void theProductionOverlayAlertsOnEveryServiceAndTheDoiServicesUpstreams() throws Exception {
        assertThat(AlertRules.rendered().alerts()).extracting(PrometheusRule.Rule::alert).contains(
                "SubmissionServerErrors", "SubmissionSlowRequests", "SubmissionPodsNotReady", "SubmissionDatabaseUnavailable",
                "SubmissionDatabasePoolSaturated", "SubmissionAuthenticationFailures", "SubmissionReloadRefused", "SubmissionReloadStopped",
                "DoiUpstreamFailing", "DoiUpstreamRateLimited", "DoiUpstreamSlow", "DoiDatabaseUnavailable");
    }

    @ParameterizedTest
    @MethodSource("kustomizations")
    void everyIngressPathReachesAServicePortThatItsPodsOpen(Path dir) throws Exception {
        Rendered rendered = Rendered.kustomize(dir);

        for (HTTPIngressPath path : paths(rendered)) {
            IngressServiceBackend backend = path.getBackend().getService();
            Service service = rendered.find(Service.class, backend.getName()).orElseThrow(
                    () -> new AssertionError(path.getPath() + ": no Service " + backend.getName()));
            ServicePort port = service.getSpec().getPorts().stream()
                    .filter(p -> p.getName().equals(backend.getPort().getName()) || p.getPort().equals(backend.getPort().getNumber()))
                    .findFirst().orElseThrow(() -> new AssertionError(path.getPath() + ": Service " + backend.getName()
                            + " has no port " + backend.getPort()));
            List<Deployment> selected = rendered.all(Deployment.class).stream()
                    .filter(d -> d.getSpec().getTemplate().getMetadata().getLabels().entrySet()
                            .containsAll(service.getSpec().getSelector().entrySet())).toList();
            assertThat(selected).as("%s: pods selected by Service %s", path.getPath(), backend.getName()).isNotEmpty()
                    .allSatisfy(d -> assertThat(containers(d.getSpec().getTemplate().getSpec()).stream()
                            .flatMap(c -> c.getPorts().stream()).anyMatch(p -> opens(p.getContainerPort(), p.getName(), port.getTargetPort())))
                            .as("%s opens the target port %s", d.getMetadata().getName(), port.getTargetPort()).isTrue());
        }
    }

    @ParameterizedTest
    @MethodSource("kustomizations")
    void everyDeploymentHasProbesResourcesAndRunsAsNonRoot(Path dir) throws Exception {
        for (Deployment deployment : Rendered.kustomize(dir).all(Deployment.class)) {
            PodSpec pod = deployment.getSpec().getTemplate().getSpec();
            assertThat(pod.getSecurityContext().getRunAsNonRoot()).as(deployment.getMetadata().getName()).isTrue();
            for (Container container : containers(pod)) {
                assertThat(container.getLivenessProbe().getHttpGet().getPath()).isEqualTo("/q/health/live");
                assertThat(container.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/q/health/ready");
                assertThat(container.getStartupProbe().getHttpGet().getPath()).isEqualTo("/q/health/started");
                assertThat(container.getResources().getRequests()).as(container.getName()).containsKeys("cpu", "memory");
                assertThat(container.getResources().getLimits()).as(container.getName()).containsKeys("cpu", "memory");
            }
        }
    }

    /** Every key of a ConfigMap, and every Secret key a pod reads, is explained in the operator's guide. */
    @ParameterizedTest
    @MethodSource("kustomizations")
    void everyConfigMapAndSecretKeyIsDocumented(Path dir) throws Exception {
        Rendered rendered = Rendered.kustomize(dir);
        String guide = OperatorGuide.read().text();
        List<String> keys = new ArrayList<>();
        rendered.all(ConfigMap.class).forEach(map -> keys.addAll(map.getData().keySet()));
        for (Deployment deployment : rendered.all(Deployment.class)) {
            for (Container container : containers(deployment.getSpec().getTemplate().getSpec())) {
                container.getEnvFrom().forEach(from -> {
                    assertThat(from.getSecretRef()).as("read secrets by key, so each is documented").isNull();
                    assertThat(rendered.find(ConfigMap.class, from.getConfigMapRef().getName())).isPresent();
                });
                for (EnvVar env : container.getEnv()) {
                    if (env.getValueFrom() != null && env.getValueFrom().getSecretKeyRef() != null) {
                        keys.add(env.getValueFrom().getSecretKeyRef().getName());
                        keys.add(env.getValueFrom().getSecretKeyRef().getKey());
                    }
                }
            }
        }

        assertThat(keys).isNotEmpty().allSatisfy(key -> assertThat(guide).as("docs/operator-guide.md documents %s", key)
                .contains("`" + key + "`"));
    }

    @ParameterizedTest
    @MethodSource("kustomizations")
    void ingressRoutesAreTheGatewaysRoutes(Path dir) throws Exception {
        Map<String, String> routes = new LinkedHashMap<>();
        for (HTTPIngressPath path : paths(Rendered.kustomize(dir))) {
            assertThat(path.getPathType()).isEqualTo("Prefix");
            routes.put(path.getPath(), path.getBackend().getService().getName());
        }

        Map<String, String> gateway = new LinkedHashMap<>();
        RouteTable.PREFIXES.forEach(e -> gateway.put(e.getKey(), e.getValue()));
        assertThat(routes).containsExactlyEntriesOf(gateway);
    }

    /** A count in the Deployment would set the pods back to it on every apply, whatever the autoscaler chose. */
    @Test
    void productionLeavesThePodCountToTheAutoscalers() throws Exception {
        assertThat(Rendered.kustomize(production()).all(Deployment.class))
                .allSatisfy(d -> assertThat(d.getSpec().getReplicas()).as(d.getMetadata().getName()).isNull());
    }

    /** Beside PASS the database is pass-core's: Flyway would refuse it, so the services never migrate it. */
    @Test
    void productionNeverMigratesTheDatabase() throws Exception {
        assertThat(Rendered.kustomize(production()).find(ConfigMap.class, "submission-config")).hasValueSatisfying(map ->
                assertThat(map.getData()).containsEntry("SUBMISSION_DB_MIGRATE", "false"));
    }

    /** No demo value reaches the pods; what only the operator knows is required, and empty until they set it. */
    @Test
    void productionSettingsCarryNothingOfTheDemoAndRequireTheOperatorsOwn() throws Exception {
        Map<String, String> settings = Rendered.kustomize(production()).find(ConfigMap.class, "submission-config")
                .orElseThrow().getData();
        List<String> required = List.of(settings.get("SUBMISSION_REQUIRED_SETTINGS").split(","));

        assertThat(settings.values()).noneMatch(value -> value.matches("(?s).*example\\.(edu|org|com).*"));
        assertThat(required).contains("SERVICE_POLICY_INSTITUTION", "SERVICE_POLICY_INSTITUTIONAL_POLICY_TITLE",
                "SERVICE_POLICY_INSTITUTIONAL_REPOSITORY_NAME", "DOI_SERVICE_MAILTO");
        assertThat(required).allSatisfy(name -> assertThat(settings).as("config.env names %s for the operator", name)
                .containsEntry(name, ""));
    }

    /** A release is one version: the project's, which the build writes into the base's images. */
    @Test
    void productionImagesAreTheProjectVersion() throws Exception {
        String pom = Files.readString(Project.ROOT.resolve("pom.xml"));
        Matcher version = Pattern.compile("<artifactId>submission-support-parent</artifactId>\\s*"
                + "<version>([^<]+)</version>").matcher(pom);
        assertThat(version.find()).as("the project's version in pom.xml").isTrue();

        assertThat(Rendered.kustomize(production()).all(Deployment.class)).flatExtracting(d -> d.getSpec().getTemplate().getSpec()
                .getContainers()).extracting(Container::getImage).allSatisfy(image -> assertThat(image).endsWith(":" + version.group(1)));
    }

    /** A pod keeps serving through the shutdown delay, then finishes what is under way: the grace period covers both. */
    @ParameterizedTest
    @MethodSource("kustomizations")
    void theGracePeriodCoversTheShutdownDelayAndTimeout(Path dir) throws Exception {
        Rendered rendered = Rendered.kustomize(dir);
        String delay = rendered.find(ConfigMap.class, "submission-config").orElseThrow().getData().get("QUARKUS_SHUTDOWN_DELAY");
        assertThat(delay).as("QUARKUS_SHUTDOWN_DELAY").matches("[1-9][0-9]*S");
        int shutdownTimeoutSeconds = 10;

        assertThat(rendered.all(Deployment.class)).allSatisfy(d -> assertThat(d.getSpec().getTemplate().getSpec()
                .getTerminationGracePeriodSeconds()).as(d.getMetadata().getName())
                .isGreaterThan(Long.parseLong(delay.replace("S", "")) + shutdownTimeoutSeconds));
    }

    /** An autoscaler and a disruption budget per Deployment; the autoscaler never goes below the budget's floor. */
    @Test
    void productionScalesEveryServiceAndKeepsOnePodThroughDisruptions() throws Exception {
        Rendered rendered = Rendered.kustomize(production());

        for (Deployment deployment : rendered.all(Deployment.class)) {
            String name = deployment.getMetadata().getName();
            HorizontalPodAutoscaler autoscaler = rendered.find(HorizontalPodAutoscaler.class, name).orElseThrow();
            assertThat(autoscaler.getSpec().getScaleTargetRef().getKind()).isEqualTo("Deployment");
            assertThat(autoscaler.getSpec().getScaleTargetRef().getName()).isEqualTo(name);
            assertThat(autoscaler.getSpec().getMinReplicas()).isGreaterThanOrEqualTo(2);
            assertThat(autoscaler.getSpec().getMaxReplicas()).isGreaterThan(autoscaler.getSpec().getMinReplicas());
            assertThat(autoscaler.getSpec().getMetrics()).extracting(m -> m.getResource().getName()).contains("cpu");
            PodDisruptionBudget budget = rendered.find(PodDisruptionBudget.class, name).orElseThrow();
            assertThat(deployment.getSpec().getTemplate().getMetadata().getLabels())
                    .containsAllEntriesOf(budget.getSpec().getSelector().getMatchLabels());
            assertThat(budget.getSpec().getMinAvailable().getIntVal()).isLessThan(autoscaler.getSpec().getMinReplicas());
        }
    }

    @Test
    void productionTakesTheDatabaseConnectionFromASecret() throws Exception {
        for (Deployment deployment : Rendered.kustomize(production()).all(Deployment.class)) {
            Map<String, String> fromSecret = new LinkedHashMap<>();
            for (EnvVar env : containers(deployment.getSpec().getTemplate().getSpec()).get(0).getEnv()) {
                if (env.getName().startsWith("SUBMISSION_DB_")) {
                    fromSecret.put(env.getName(), env.getValueFrom().getSecretKeyRef().getName() + "/"
                            + env.getValueFrom().getSecretKeyRef().getKey());
                }
            }
            assertThat(fromSecret).as(deployment.getMetadata().getName()).containsExactlyInAnyOrderEntriesOf(Map.of(
                    "SUBMISSION_DB_URL", "submission-db/url",
                    "SUBMISSION_DB_USER", "submission-db/username",
                    "SUBMISSION_DB_PASSWORD", "submission-db/password"));
        }
    }

    /** Any trusted address can name any client: the base trusts none, production a few addresses of the controller. */
    @Test
    void onlyProductionTrustsProxiesAndNoWiderThanSixteenAddresses() throws Exception {
        assertThat(Rendered.kustomize(Project.ROOT.resolve("deploy/k8s/base")).find(ConfigMap.class, "submission-config"))
                .hasValueSatisfying(map -> assertThat(map.getData()).doesNotContainKey("SUBMISSION_HTTP_TRUSTED_PROXIES"));
        String trusted = Rendered.kustomize(production()).find(ConfigMap.class, "submission-config").orElseThrow()
                .getData().get("SUBMISSION_HTTP_TRUSTED_PROXIES");

        assertThat(trusted.split(",")).isNotEmpty().allSatisfy(range -> assertThat(range.strip())
                .matches("[0-9.]+/(2[89]|3[0-2])|[0-9a-fA-F:]+/(12[4-8])|[0-9.]+|[0-9a-fA-F:]+"));
    }

    /**
     * Swagger UI is included at build time (quarkus.swagger-ui.always-include), the schema workbench page always;
     * QUARKUS_SWAGGER_UI_ENABLED and SCHEMA_SERVICE_WORKBENCH_ENABLED are read at start.
     */
    @Test
    void productionSwitchesSwaggerUiAndTheSchemaWorkbenchOff() throws Exception {
        Rendered rendered = Rendered.kustomize(production());

        assertThat(rendered.find(ConfigMap.class, "submission-config")).hasValueSatisfying(map -> assertThat(map.getData())
                .containsEntry("QUARKUS_SWAGGER_UI_ENABLED", "false").containsEntry("SCHEMA_SERVICE_WORKBENCH_ENABLED", "false"));
        assertThat(rendered.all(Deployment.class)).flatExtracting(d -> d.getSpec().getTemplate().getSpec().getContainers())
                .flatExtracting(Container::getEnv).extracting(EnvVar::getName).doesNotContain("QUARKUS_SWAGGER_UI_ENABLED");
    }

    /** The annotations Prometheus's Kubernetes discovery reads, on every pod, naming the port its container opens. */
    @ParameterizedTest
    @MethodSource("kustomizations")
    void everyPodCarriesThePrometheusScrapeAnnotationsOfItsPort(Path dir) throws Exception {
        for (Deployment deployment : Rendered.kustomize(dir).all(Deployment.class)) {
            Map<String, String> annotations = deployment.getSpec().getTemplate().getMetadata().getAnnotations();
            Integer port = containers(deployment.getSpec().getTemplate().getSpec()).get(0).getPorts().get(0).getContainerPort();

            assertThat(annotations).as(deployment.getMetadata().getName()).containsEntry("prometheus.io/scrape", "true")
                    .containsEntry("prometheus.io/path", "/q/metrics").containsEntry("prometheus.io/port", port.toString());
        }
    }

    /** The Prometheus operator's way: one ServiceMonitor selecting the three Services, on their port, at the annotated path. */
    @Test
    void productionServiceMonitorScrapesEveryServicesMetrics() throws Exception {
        Rendered rendered = Rendered.kustomize(production());
        assertThat(rendered.all(ServiceMonitor.class)).hasSize(1);
        ServiceMonitor monitor = rendered.all(ServiceMonitor.class).get(0);

        for (Service service : rendered.all(Service.class)) {
            String name = service.getMetadata().getName();
            assertThat(NetworkPolicyVerdict.selects(monitor.getSpec().selector(), service.getMetadata().getLabels())).as(name).isTrue();
            assertThat(monitor.getSpec().endpoints()).as(name).singleElement().satisfies(endpoint -> {
                assertThat(service.getSpec().getPorts()).extracting(ServicePort::getName).contains(endpoint.port());
                assertThat(endpoint.path()).isEqualTo(service.getMetadata().getAnnotations().get("prometheus.io/path"));
            });
        }
    }

    /** A kube-prometheus-stack's Prometheus selects its ServiceMonitors and rules by the label release, set once for all. */
    @Test
    void productionMonitoringObjectsCarryOneReleaseLabel() throws Exception {
        Rendered rendered = Rendered.kustomize(production());
        List<Map<String, String>> labels = new ArrayList<>();
        rendered.all(ServiceMonitor.class).forEach(m -> labels.add(m.getMetadata().getLabels()));
        rendered.all(PrometheusRule.class).forEach(r -> labels.add(r.getMetadata().getLabels()));

        assertThat(labels).hasSizeGreaterThanOrEqualTo(3).allSatisfy(l -> assertThat(l).containsKey("release"));
        assertThat(labels).extracting(l -> l.get("release")).containsOnly(labels.get(0).get("release"));
    }

    private static List<HTTPIngressPath> paths(Rendered rendered) {
        List<Ingress> ingresses = rendered.all(Ingress.class);
        assertThat(ingresses).isNotEmpty();
        return ingresses.stream().flatMap(i -> i.getSpec().getRules().stream())
                .flatMap(rule -> rule.getHttp().getPaths().stream()).toList();
    }

    private static List<Container> containers(PodSpec pod) {
        assertThat(pod.getContainers()).isNotEmpty();
        return pod.getContainers();
    }

    private static boolean opens(Integer containerPort, String portName, IntOrString target) {
        return target.getIntVal() != null ? target.getIntVal().equals(containerPort) : target.getStrVal().equals(portName);
    }

    private static Path production() {
        return Project.ROOT.resolve("deploy/k8s/overlays/production");
    }
}
