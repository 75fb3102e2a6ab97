package org.submission.deploy.k8s;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.networking.v1.IPBlock;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPort;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether rendered NetworkPolicies let one connection through, by the semantics of the
 * networking.k8s.io/v1 API: a pod selected by no policy of a direction is open in it; a pod
 * selected by some is open only to what one of their rules allows (rules add up). A pod's
 * namespace carries the label {@code kubernetes.io/metadata.name} as the API server sets it. A peer
 * with only a pod selector means pods of the policy's own namespace. An {@code ipBlock} matches an
 * address, a pod's included when the peer gives it; the selectors match pods only.
 */
record NetworkPolicyVerdict(List<NetworkPolicy> policies, String namespace) {

    /** A pod: its namespace, its labels, and the named ports of its containers. */
    record Pod(String namespace, Map<String, String> labels, Map<String, Integer> namedPorts) {

        Pod(String namespace, Map<String, String> labels) {
            this(namespace, labels, Map.of());
        }

        Map<String, String> namespaceLabels() {
            return Map.of("kubernetes.io/metadata.name", namespace);
        }
    }

    /** One end of a connection: a pod of the cluster (with its address, if known), or an address outside it. */
    record Peer(Pod pod, String address) {

        static Peer of(Pod pod) {
            return new Peer(pod, null);
        }

        static Peer of(Pod pod, String address) {
            return new Peer(pod, address);
        }

        static Peer outside(String address) {
            return new Peer(null, address);
        }
    }

    boolean ingressAllowed(Pod target, Peer from, int port, String protocol) {
        List<NetworkPolicy> applying = applying(target, "Ingress");
        return applying.isEmpty() || applying.stream().anyMatch(p -> p.getSpec().getIngress().stream()
                .anyMatch(rule -> matchesPeers(rule.getFrom(), from, namespaceOf(p)) && matchesPorts(rule.getPorts(), target, port, protocol)));
    }

    boolean egressAllowed(Pod source, Peer to, int port, String protocol) {
        List<NetworkPolicy> applying = applying(source, "Egress");
        Pod destination = to.pod() == null ? new Pod("", Map.of()) : to.pod();
        return applying.isEmpty() || applying.stream().anyMatch(p -> p.getSpec().getEgress().stream()
                .anyMatch(rule -> matchesPeers(rule.getTo(), to, namespaceOf(p)) && matchesPorts(rule.getPorts(), destination, port, protocol)));
    }

    /** Whether some policy selects the pod for the direction ("Ingress", "Egress"), closing it to all else. */
    boolean isolated(Pod pod, String direction) {
        return !applying(pod, direction).isEmpty();
    }

    private List<NetworkPolicy> applying(Pod pod, String direction) {
        return policies.stream().filter(p -> namespaceOf(p).equals(pod.namespace()))
                .filter(p -> selects(p.getSpec().getPodSelector(), pod.labels()))
                .filter(p -> types(p).contains(direction)).toList();
    }

    /** The policy's own namespace; one rendered without it goes where the manifests are applied. */
    private String namespaceOf(NetworkPolicy policy) {
        return Optional.ofNullable(policy.getMetadata().getNamespace()).orElse(namespace);
    }

    /** policyTypes; left out: Ingress, and Egress when the policy has egress rules (API default). */
    private static List<String> types(NetworkPolicy policy) {
        if (policy.getSpec().getPolicyTypes() != null && !policy.getSpec().getPolicyTypes().isEmpty()) {
            return policy.getSpec().getPolicyTypes();
        }
        return policy.getSpec().getEgress().isEmpty() ? List.of("Ingress") : List.of("Ingress", "Egress");
    }

    private static boolean matchesPeers(List<NetworkPolicyPeer> peers, Peer peer, String policyNamespace) {
        return peers.isEmpty() || peers.stream().anyMatch(p -> matches(p, peer, policyNamespace));
    }

    private static boolean matches(NetworkPolicyPeer rule, Peer peer, String policyNamespace) {
        if (rule.getIpBlock() != null) {
            return peer.address() != null && within(rule.getIpBlock(), peer.address());
        }
        if (peer.pod() == null) {
            return false;
        }
        boolean namespaceMatches = rule.getNamespaceSelector() == null ? policyNamespace.equals(peer.pod().namespace())
                : selects(rule.getNamespaceSelector(), peer.pod().namespaceLabels());
        return namespaceMatches && (rule.getPodSelector() == null || selects(rule.getPodSelector(), peer.pod().labels()));
    }

    private static boolean matchesPorts(List<NetworkPolicyPort> ports, Pod destination, int port, String protocol) {
        return ports.isEmpty() || ports.stream().anyMatch(p -> Optional.ofNullable(p.getProtocol()).orElse("TCP").equals(protocol)
                && (p.getPort() == null || portNumber(p.getPort(), destination).map(first -> first == port
                        || (p.getEndPort() != null && first <= port && port <= p.getEndPort())).orElse(false)));
    }

    private static Optional<Integer> portNumber(IntOrString port, Pod destination) {
        return port.getIntVal() != null ? Optional.of(port.getIntVal()) : Optional.ofNullable(destination.namedPorts().get(port.getStrVal()));
    }

    static boolean selects(LabelSelector selector, Map<String, String> labels) {
        boolean byLabels = selector.getMatchLabels() == null || selector.getMatchLabels().entrySet().stream()
                .allMatch(e -> Objects.equals(labels.get(e.getKey()), e.getValue()));
        return byLabels && (selector.getMatchExpressions() == null
                || selector.getMatchExpressions().stream().allMatch(r -> holds(r, labels)));
    }

    private static boolean holds(LabelSelectorRequirement requirement, Map<String, String> labels) {
        String value = labels.get(requirement.getKey());
        return switch (requirement.getOperator()) {
            case "In" -> value != null && requirement.getValues().contains(value);
            case "NotIn" -> value == null || !requirement.getValues().contains(value);
            case "Exists" -> value != null;
            case "DoesNotExist" -> value == null;
            default -> throw new IllegalArgumentException("operator " + requirement.getOperator());
        };
    }

    private static boolean within(IPBlock block, String address) {
        return inCidr(block.getCidr(), address) && block.getExcept().stream().noneMatch(cidr -> inCidr(cidr, address));
    }

    private static boolean inCidr(String cidr, String address) {
        try {
            byte[] network = InetAddress.getByName(cidr.substring(0, cidr.indexOf('/'))).getAddress();
            byte[] host = InetAddress.getByName(address).getAddress();
            int bits = Integer.parseInt(cidr.substring(cidr.indexOf('/') + 1));
            if (network.length != host.length) {
                return false;
            }
            int shift = network.length * 8 - bits;
            return new BigInteger(1, network).shiftRight(shift).equals(new BigInteger(1, host).shiftRight(shift));
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(cidr + " or " + address, e);
        }
    }
}
