package org.submission.deploy.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.submission.deploy.k8s.NetworkPolicyVerdict.Peer;
import org.submission.deploy.k8s.NetworkPolicyVerdict.Pod;
import org.submission.deploy.testing.Project;

/**
 * The production overlay's NetworkPolicies, rendered by {@code kubectl kustomize} and evaluated
 * connection by connection ({@link NetworkPolicyVerdict}; podman, which plays the pods, runs no
 * policy). The callers and addresses are the example overlay's selectors (network-policies.yaml).
 */
class NetworkPoliciesTest {

    private static final String NAMESPACE = "submission";
    private static final Peer INGRESS_CONTROLLER = Peer.of(new Pod("ingress-nginx", Map.of("app.kubernetes.io/name", "ingress-nginx")));
    private static final Peer PASS_BACKEND = Peer.of(new Pod("pass", Map.of("app.kubernetes.io/part-of", "pass")));
    private static final Peer PROMETHEUS = Peer.of(new Pod("monitoring", Map.of("app.kubernetes.io/name", "prometheus")));
    private static final Peer DNS = Peer.of(new Pod("kube-system", Map.of("k8s-app", "kube-dns")));
    private static final Peer DATABASE = Peer.outside("192.0.2.10");
    private static final Peer TRACE_COLLECTOR = Peer.of(new Pod("observability",
            Map.of("app.kubernetes.io/name", "opentelemetry-collector")));
    /** A public address, as Crossref's and Unpaywall's are. */
    private static final Peer PUBLIC_HOST = Peer.outside("104.18.20.1");

    private static NetworkPolicyVerdict verdict;
    private static Map<String, Pod> pods;

    @BeforeAll
    static void render() throws Exception {
        Rendered rendered = Rendered.kustomize(Project.ROOT.resolve("deploy/k8s/overlays/production"));
        verdict = new NetworkPolicyVerdict(rendered.all(NetworkPolicy.class), NAMESPACE);
        pods = new LinkedHashMap<>();
        for (Deployment deployment : rendered.all(Deployment.class)) {
            Map<String, Integer> ports = new LinkedHashMap<>();
            deployment.getSpec().getTemplate().getSpec().getContainers().stream().flatMap(c -> c.getPorts().stream())
                    .forEach(port -> ports.put(port.getName(), port.getContainerPort()));
            pods.put(deployment.getMetadata().getName(), new Pod(deployment.getMetadata().getNamespace(),
                    deployment.getSpec().getTemplate().getMetadata().getLabels(), ports));
        }
        assertThat(pods).containsOnlyKeys(ManifestsTest.SERVICES);
    }

    static Stream<String> services() {
        return ManifestsTest.SERVICES.stream();
    }

    static Stream<Peer> callers() {
        return Stream.of(INGRESS_CONTROLLER, PASS_BACKEND, PROMETHEUS);
    }

    /** Another pod of the namespace, of PASS's namespace, of the controller's, or one with the controller's labels elsewhere. */
    static Stream<Peer> strangers() {
        return Stream.of(Peer.of(new Pod(NAMESPACE, Map.of("app", "debug"))),
                Peer.of(new Pod("pass", Map.of("app.kubernetes.io/name", "something-else"))),
                Peer.of(new Pod("ingress-nginx", Map.of("app.kubernetes.io/name", "ingress-nginx-admission"))),
                Peer.of(new Pod("default", Map.of("app.kubernetes.io/name", "ingress-nginx"))),
                Peer.outside("203.0.113.7"));
    }

    @ParameterizedTest
    @MethodSource("services")
    void everyPodIsClosedInBothDirectionsToWhatNoRuleAllows(String service) {
        assertThat(verdict.isolated(pods.get(service), "Ingress")).isTrue();
        assertThat(verdict.isolated(pods.get(service), "Egress")).isTrue();
    }

    @ParameterizedTest
    @MethodSource("callers")
    void theIngressControllerPassBackendAndPrometheusReachEveryServicesPort(Peer caller) {
        assertThat(ingressFrom(caller, NetworkPoliciesTest::port)).doesNotContainValue(false);
    }

    @ParameterizedTest
    @MethodSource("callers")
    void callersReachNoOtherPortOfAService(Peer caller) {
        assertThat(ingressFrom(caller, service -> 5005)).doesNotContainValue(true);
    }

    @ParameterizedTest
    @MethodSource("strangers")
    void noOtherPodOrAddressReachesAService(Peer stranger) {
        assertThat(ingressFrom(stranger, NetworkPoliciesTest::port)).doesNotContainValue(true);
    }

    @ParameterizedTest
    @MethodSource("services")
    void everyServiceResolvesNamesAndReachesTheDatabase(String service) {
        Pod pod = pods.get(service);

        assertThat(verdict.egressAllowed(pod, DNS, 53, "UDP")).isTrue();
        assertThat(verdict.egressAllowed(pod, DNS, 53, "TCP")).isTrue();
        assertThat(verdict.egressAllowed(pod, DATABASE, 5432, "TCP")).isTrue();
    }

    /**
     * Every service exports its spans when tracing is switched on (quarkus-opentelemetry is in the
     * platform), over OTLP's HTTP port only: the images carry no gRPC exporter, so 4317 stays closed.
     */
    @ParameterizedTest
    @MethodSource("services")
    void everyServiceReachesTheTraceCollectorsOtlpHttpPortOnly(String service) {
        assertThat(verdict.egressAllowed(pods.get(service), TRACE_COLLECTOR, 4318, "TCP")).isTrue();
        assertThat(verdict.egressAllowed(pods.get(service), TRACE_COLLECTOR, 4317, "TCP")).isFalse();
    }

    @Test
    void onlyTheDoiServiceReachesHttpsOutsideTheCluster() {
        Map<String, Boolean> https = new LinkedHashMap<>();
        pods.forEach((service, pod) -> https.put(service, verdict.egressAllowed(pod, PUBLIC_HOST, 443, "TCP")));

        assertThat(https).containsExactlyInAnyOrderEntriesOf(Map.of("doi-service", true, "schema-service", false,
                "policy-service", false));
    }

    /** The policy service's compliance answer asks the DOI service, and no other pod of the three may. */
    @Test
    void onlyThePolicyServiceReachesTheDoiService() {
        Pod doi = pods.get("doi-service");
        Map<String, Boolean> reached = new LinkedHashMap<>();
        pods.forEach((service, pod) -> reached.put(service,
                verdict.egressAllowed(pod, Peer.of(doi), port("doi-service"), "TCP")
                        && verdict.ingressAllowed(doi, Peer.of(pod), port("doi-service"), "TCP")));

        assertThat(reached).containsExactlyInAnyOrderEntriesOf(Map.of("policy-service", true, "schema-service", false,
                "doi-service", false));
        assertThat(verdict.ingressAllowed(doi, Peer.of(pods.get("policy-service")), 5432, "TCP")).isFalse();
    }

    /** The cluster's API server, the cloud's metadata endpoint, a private host: not by HTTPS from the DOI service. */
    @ParameterizedTest
    @MethodSource("privateAddresses")
    void theDoiServiceReachesNoPrivateOrLinkLocalAddress(String address) {
        assertThat(verdict.egressAllowed(pods.get("doi-service"), Peer.outside(address), 443, "TCP")).isFalse();
    }

    static Stream<String> privateAddresses() {
        return Stream.of("10.96.0.1", "172.20.0.5", "192.168.1.10", "169.254.169.254", "100.64.0.1");
    }

    /** What the rules do not name: other ports of the database and hosts, the services' own pods, the DNS pods over HTTPS. */
    @ParameterizedTest
    @MethodSource("services")
    void everyServiceReachesNothingElse(String service) {
        Pod pod = pods.get(service);
        List<Boolean> reached = List.of(
                verdict.egressAllowed(pod, DATABASE, 22, "TCP"),
                verdict.egressAllowed(pod, PUBLIC_HOST, 80, "TCP"),
                verdict.egressAllowed(pod, PUBLIC_HOST, 53, "UDP"),
                verdict.egressAllowed(pod, DNS, 443, "TCP"),
                verdict.egressAllowed(pod, Peer.of(pods.get("policy-service")), 8082, "TCP"),
                verdict.egressAllowed(pod, Peer.of(new Pod("pass", Map.of("app.kubernetes.io/part-of", "pass"))), 443, "TCP"));

        assertThat(reached).containsOnly(false);
    }

    /** For each service, whether the caller reaches its pod on the port given. */
    private static Map<String, Boolean> ingressFrom(Peer caller, ToIntFunction<String> port) {
        Map<String, Boolean> reached = new LinkedHashMap<>();
        pods.forEach((service, pod) -> reached.put(service, verdict.ingressAllowed(pod, caller, port.applyAsInt(service), "TCP")));
        return reached;
    }

    private static int port(String service) {
        return pods.get(service).namedPorts().get("http");
    }
}
