package org.submission.deploy.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.submission.deploy.k8s.NetworkPolicyVerdict.Peer;
import org.submission.deploy.k8s.NetworkPolicyVerdict.Pod;

/**
 * The evaluator against the Kubernetes documentation's NetworkPolicy examples ("Network Policies",
 * kubernetes.io), each connection with the verdict the documentation gives it. The policies live in
 * namespace {@code default} while the evaluator's own namespace (where policies without one go) is
 * another, so that a rule read against the wrong namespace shows. Namespaces are selected by the label
 * the API server gives every namespace, {@code kubernetes.io/metadata.name}, where the documentation
 * uses labels of its own.
 */
class NetworkPolicyVerdictTest {

    /** The documentation's first example: db pods open to three kinds of peer on 6379, and only to 10.0.0.0/24:5978. */
    private static final String TEST_NETWORK_POLICY = """
            apiVersion: networking.k8s.io/v1
            kind: NetworkPolicy
            metadata: {name: test-network-policy, namespace: default}
            spec:
              podSelector: {matchLabels: {role: db}}
              policyTypes: [Ingress, Egress]
              ingress:
              - from:
                - ipBlock: {cidr: 172.17.0.0/16, except: [172.17.1.0/24]}
                - namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: myproject}}
                - podSelector: {matchLabels: {role: frontend}}
                ports:
                - {protocol: TCP, port: 6379}
              egress:
              - to:
                - ipBlock: {cidr: 10.0.0.0/24}
                ports:
                - {protocol: TCP, port: 5978}
            """;
    /** One peer with both selectors: pods labelled role=client in namespace alice. */
    private static final String AND = """
            apiVersion: networking.k8s.io/v1
            kind: NetworkPolicy
            metadata: {name: and, namespace: default}
            spec:
              podSelector: {}
              ingress:
              - from:
                - namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: alice}}
                  podSelector: {matchLabels: {role: client}}
            """;
    /** Two peers: role=client pods of the policy's namespace, or any pod of namespace alice. */
    private static final String OR = """
            apiVersion: networking.k8s.io/v1
            kind: NetworkPolicy
            metadata: {name: or, namespace: default}
            spec:
              podSelector: {}
              ingress:
              - from:
                - namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: alice}}
                - podSelector: {matchLabels: {role: client}}
            """;
    private static final String DEFAULT_DENY_INGRESS = """
            apiVersion: networking.k8s.io/v1
            kind: NetworkPolicy
            metadata: {name: default-deny-ingress, namespace: default}
            spec:
              podSelector: {}
              policyTypes: [Ingress]
            """;
    private static final String ALLOW_ALL_INGRESS = """
            apiVersion: networking.k8s.io/v1
            kind: NetworkPolicy
            metadata: {name: allow-all-ingress, namespace: default}
            spec:
              podSelector: {}
              ingress:
              - {}
              policyTypes: [Ingress]
            """;
    private static final String DEFAULT_DENY_EGRESS = """
            apiVersion: networking.k8s.io/v1
            kind: NetworkPolicy
            metadata: {name: default-deny-egress, namespace: default}
            spec:
              podSelector: {}
              policyTypes: [Egress]
            """;
    /** No policyTypes and an egress rule: it isolates both directions, and allows no ingress at all. */
    private static final String EGRESS_RULE_WITHOUT_TYPES = """
            apiVersion: networking.k8s.io/v1
            kind: NetworkPolicy
            metadata: {name: egress-rule, namespace: default}
            spec:
              podSelector: {}
              egress:
              - to:
                - ipBlock: {cidr: 10.0.0.0/24}
            """;
    /** The documentation's port range: 10.0.0.0/24 on TCP 32000 to 32768. */
    private static final String PORT_RANGE = """
            apiVersion: networking.k8s.io/v1
            kind: NetworkPolicy
            metadata: {name: multi-port-egress, namespace: default}
            spec:
              podSelector: {matchLabels: {role: db}}
              policyTypes: [Egress]
              egress:
              - to:
                - ipBlock: {cidr: 10.0.0.0/24}
                ports:
                - {protocol: TCP, port: 32000, endPort: 32768}
            """;

    private static final Pod DB = new Pod("default", Map.of("role", "db"));
    private static final Pod WEB = new Pod("default", Map.of("role", "web"));
    private static final Pod FRONTEND = new Pod("default", Map.of("role", "frontend"));
    private static final Pod CLIENT = new Pod("default", Map.of("role", "client"));

    private static Pod pod(String namespace, String role) {
        return new Pod(namespace, Map.of("role", role));
    }

    static Stream<Arguments> ingress() {
        return Stream.of(
                Arguments.of(TEST_NETWORK_POLICY, "a frontend pod of the policy's namespace", DB, Peer.of(FRONTEND), 6379, "TCP", true),
                Arguments.of(TEST_NETWORK_POLICY, "a frontend pod of another namespace", DB, Peer.of(pod("elsewhere", "frontend")),
                        6379, "TCP", false),
                Arguments.of(TEST_NETWORK_POLICY, "a frontend pod of the evaluator's namespace", DB, Peer.of(pod("submission", "frontend")),
                        6379, "TCP", false),
                Arguments.of(TEST_NETWORK_POLICY, "any pod of the selected namespace", DB, Peer.of(pod("myproject", "anything")),
                        6379, "TCP", true),
                Arguments.of(TEST_NETWORK_POLICY, "an address in the block", DB, Peer.outside("172.17.0.5"), 6379, "TCP", true),
                Arguments.of(TEST_NETWORK_POLICY, "an address in the block's exception", DB, Peer.outside("172.17.1.5"), 6379, "TCP", false),
                Arguments.of(TEST_NETWORK_POLICY, "an address outside the block", DB, Peer.outside("172.18.0.5"), 6379, "TCP", false),
                Arguments.of(TEST_NETWORK_POLICY, "a pod selected by no selector, at an address in the block", DB,
                        Peer.of(pod("elsewhere", "anything"), "172.17.2.3"), 6379, "TCP", true),
                Arguments.of(TEST_NETWORK_POLICY, "a pod selected by no selector, at an address in the exception", DB,
                        Peer.of(pod("elsewhere", "anything"), "172.17.1.3"), 6379, "TCP", false),
                Arguments.of(TEST_NETWORK_POLICY, "a frontend pod on another port", DB, Peer.of(FRONTEND), 6380, "TCP", false),
                Arguments.of(TEST_NETWORK_POLICY, "a frontend pod over UDP", DB, Peer.of(FRONTEND), 6379, "UDP", false),
                Arguments.of(TEST_NETWORK_POLICY, "anything, to a pod the policy does not select", WEB, Peer.outside("203.0.113.7"),
                        80, "TCP", true),
                Arguments.of(AND, "a client of namespace alice", WEB, Peer.of(pod("alice", "client")), 80, "TCP", true),
                Arguments.of(AND, "another pod of namespace alice", WEB, Peer.of(pod("alice", "server")), 80, "TCP", false),
                Arguments.of(AND, "a client of the policy's namespace", WEB, Peer.of(CLIENT), 80, "TCP", false),
                Arguments.of(OR, "a client of namespace alice", WEB, Peer.of(pod("alice", "client")), 80, "TCP", true),
                Arguments.of(OR, "another pod of namespace alice", WEB, Peer.of(pod("alice", "server")), 80, "TCP", true),
                Arguments.of(OR, "a client of the policy's namespace", WEB, Peer.of(CLIENT), 80, "TCP", true),
                Arguments.of(OR, "a client of namespace bob", WEB, Peer.of(pod("bob", "client")), 80, "TCP", false),
                Arguments.of(DEFAULT_DENY_INGRESS, "a pod of the same namespace", WEB, Peer.of(CLIENT), 80, "TCP", false),
                Arguments.of(DEFAULT_DENY_INGRESS, "anything, to a pod of another namespace", pod("elsewhere", "web"),
                        Peer.outside("203.0.113.7"), 80, "TCP", true),
                Arguments.of(ALLOW_ALL_INGRESS, "an address anywhere", WEB, Peer.outside("203.0.113.7"), 80, "TCP", true),
                Arguments.of(DEFAULT_DENY_EGRESS, "a pod of the same namespace, egress alone isolated", WEB, Peer.of(CLIENT), 80, "TCP",
                        true),
                Arguments.of(EGRESS_RULE_WITHOUT_TYPES, "a pod of the same namespace", WEB, Peer.of(CLIENT), 80, "TCP", false));
    }

    static Stream<Arguments> egress() {
        return Stream.of(
                Arguments.of(TEST_NETWORK_POLICY, "an address in the block, on the port", DB, Peer.outside("10.0.0.7"), 5978, "TCP", true),
                Arguments.of(TEST_NETWORK_POLICY, "an address in the block, on another port", DB, Peer.outside("10.0.0.7"), 5979, "TCP",
                        false),
                Arguments.of(TEST_NETWORK_POLICY, "an address outside the block", DB, Peer.outside("10.0.1.7"), 5978, "TCP", false),
                Arguments.of(TEST_NETWORK_POLICY, "a pod at an address in the block", DB, Peer.of(pod("elsewhere", "cache"), "10.0.0.9"),
                        5978, "TCP", true),
                Arguments.of(TEST_NETWORK_POLICY, "a frontend pod, open to it for ingress only", DB, Peer.of(FRONTEND), 6379, "TCP", false),
                Arguments.of(DEFAULT_DENY_EGRESS, "a pod of the same namespace", WEB, Peer.of(CLIENT), 80, "TCP", false),
                Arguments.of(DEFAULT_DENY_INGRESS, "anything: ingress alone isolated", WEB, Peer.outside("203.0.113.7"), 443, "TCP", true),
                Arguments.of(EGRESS_RULE_WITHOUT_TYPES, "an address in the block", WEB, Peer.outside("10.0.0.7"), 443, "TCP", true),
                Arguments.of(EGRESS_RULE_WITHOUT_TYPES, "an address outside it", WEB, Peer.outside("203.0.113.7"), 443, "TCP", false),
                Arguments.of(PORT_RANGE, "the range's first port", DB, Peer.outside("10.0.0.7"), 32000, "TCP", true),
                Arguments.of(PORT_RANGE, "the range's last port", DB, Peer.outside("10.0.0.7"), 32768, "TCP", true),
                Arguments.of(PORT_RANGE, "past the range", DB, Peer.outside("10.0.0.7"), 32769, "TCP", false),
                Arguments.of(PORT_RANGE, "before the range", DB, Peer.outside("10.0.0.7"), 31999, "TCP", false));
    }

    @ParameterizedTest(name = "ingress from {1}: {6}")
    @MethodSource("ingress")
    void ingressIsAllowedAsTheDocumentationSays(String policy, String from, Pod target, Peer peer, int port, String protocol,
            boolean allowed) throws Exception {
        assertThat(verdict(policy).ingressAllowed(target, peer, port, protocol)).isEqualTo(allowed);
    }

    @ParameterizedTest(name = "egress to {1}: {6}")
    @MethodSource("egress")
    void egressIsAllowedAsTheDocumentationSays(String policy, String to, Pod source, Peer peer, int port, String protocol,
            boolean allowed) throws Exception {
        assertThat(verdict(policy).egressAllowed(source, peer, port, protocol)).isEqualTo(allowed);
    }

    private static NetworkPolicyVerdict verdict(String policy) throws Exception {
        return new NetworkPolicyVerdict(Rendered.parse(policy).all(NetworkPolicy.class), "submission");
    }
}
