package org.submission.deploy.k8s;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What must hold for rendered manifests to be deployable and operable: every ingress path
 * reaches a Service that exists and selects running pods on a port they open; every workload
 * has probes, resource requests and limits and runs as non-root; every ConfigMap and Secret a
 * pod reads exists or is documented, and every key is documented in deploy/README.md.
 */
public final class ManifestChecks {

    private static final Pattern DNS_NAME = Pattern.compile("[a-z0-9]([-a-z0-9.]*[a-z0-9])?");

    private final List<Map<String, Object>> objects;
    private final String readme;
    private final List<String> problems = new ArrayList<>();

    private ManifestChecks(List<Map<String, Object>> objects, String readme) {
        this.objects = objects;
        this.readme = readme;
    }

    /** Every problem found, in words; empty when the manifests pass. */
    public static List<String> problems(List<Map<String, Object>> objects, String readme) {
        ManifestChecks checks = new ManifestChecks(objects, readme);
        checks.run();
        return checks.problems;
    }

    private void run() {
        Set<String> seen = new HashSet<>();
        for (Map<String, Object> object : objects) {
            String id = id(object);
            if (object.get("apiVersion") == null || object.get("kind") == null || Yaml.at(object, "metadata", "name") == null) {
                problems.add(id + ": apiVersion, kind and metadata.name are required");
            } else if (!DNS_NAME.matcher(Kustomize.name(object)).matches()) {
                problems.add(id + ": the name is not a valid Kubernetes name");
            }
            if (!seen.add(id)) {
                problems.add(id + ": defined twice");
            }
            switch (Kustomize.kind(object)) {
                case "Ingress" -> checkIngress(object);
                case "Deployment", "StatefulSet" -> checkWorkload(object);
                case "ConfigMap" -> keysOf(object).forEach(key -> documented(id, key));
                case "Secret" -> keysOf(object).forEach(key -> documented(id, key));
                case "PodDisruptionBudget" -> {
                    if (workloadsSelectedBy(object, Yaml.at(object, "spec", "selector", "matchLabels")).isEmpty()) {
                        problems.add(id + ": its selector matches no workload's pods");
                    }
                }
                default -> {
                    // nothing more to check
                }
            }
        }
    }

    private void checkIngress(Map<String, Object> ingress) {
        String id = id(ingress);
        for (Object rule : Yaml.list(Yaml.at(ingress, "spec", "rules"), id)) {
            for (Object p : Yaml.list(Yaml.at(rule, "http", "paths"), id)) {
                String path = String.valueOf(Yaml.at(p, "path"));
                String where = id + " path " + path;
                if (Yaml.at(p, "pathType") == null) {
                    problems.add(where + ": pathType is required");
                }
                Object serviceName = Yaml.at(p, "backend", "service", "name");
                Optional<Map<String, Object>> service = find("Service", String.valueOf(serviceName), namespace(ingress));
                if (service.isEmpty()) {
                    problems.add(where + ": no Service " + serviceName);
                    continue;
                }
                Object port = Yaml.at(p, "backend", "service", "port");
                Map<String, Object> servicePort = servicePort(service.get(), port);
                if (servicePort == null) {
                    problems.add(where + ": Service " + serviceName + " has no port " + port);
                    continue;
                }
                List<Map<String, Object>> workloads = workloadsSelectedBy(service.get(), Yaml.at(service.get(), "spec", "selector"));
                if (workloads.isEmpty()) {
                    problems.add(where + ": Service " + serviceName + " selects no workload's pods");
                } else if (workloads.stream().noneMatch(w -> opensPort(w, servicePort.get("targetPort")))) {
                    problems.add(where + ": no pod of Service " + serviceName + " opens port " + servicePort.get("targetPort"));
                }
            }
        }
    }

    private void checkWorkload(Map<String, Object> workload) {
        String id = id(workload);
        Object podSecurity = Yaml.at(workload, "spec", "template", "spec", "securityContext", "runAsNonRoot");
        for (Object c : Yaml.list(Yaml.at(workload, "spec", "template", "spec", "containers"), id)) {
            String where = id + " container " + Yaml.at(c, "name");
            for (String probe : List.of("livenessProbe", "readinessProbe")) {
                if (Yaml.at(c, probe, "httpGet", "path") == null) {
                    problems.add(where + ": no HTTP " + probe);
                }
            }
            for (String bound : List.of("requests", "limits")) {
                for (String resource : List.of("cpu", "memory")) {
                    if (Yaml.at(c, "resources", bound, resource) == null) {
                        problems.add(where + ": no " + bound + "." + resource);
                    }
                }
            }
            if (!Boolean.TRUE.equals(podSecurity) && !Boolean.TRUE.equals(Yaml.at(c, "securityContext", "runAsNonRoot"))) {
                problems.add(where + ": not declared runAsNonRoot");
            }
            for (Object from : Yaml.list(Yaml.at(c, "envFrom"), where)) {
                Object configMap = Yaml.at(from, "configMapRef", "name");
                if (configMap != null && find("ConfigMap", configMap.toString(), namespace(workload)).isEmpty()) {
                    problems.add(where + ": reads the whole ConfigMap " + configMap + ", which is not in the manifests");
                }
                Object secret = Yaml.at(from, "secretRef", "name");
                if (secret != null) {
                    problems.add(where + ": reads the whole Secret " + secret + "; read secrets by key so each is documented");
                }
            }
            for (Object env : Yaml.list(Yaml.at(c, "env"), where)) {
                checkKeyRef(where, env, "configMapKeyRef", "ConfigMap", namespace(workload));
                checkKeyRef(where, env, "secretKeyRef", "Secret", namespace(workload));
            }
        }
    }

    /** A key read from a ConfigMap or Secret: present when that object is rendered, and documented. */
    private void checkKeyRef(String where, Object env, String ref, String kind, String namespace) {
        Object name = Yaml.at(env, "valueFrom", ref, "name");
        Object key = Yaml.at(env, "valueFrom", ref, "key");
        if (name == null) {
            return;
        }
        String variable = String.valueOf(Yaml.at(env, "name"));
        Optional<Map<String, Object>> source = find(kind, name.toString(), namespace);
        if (source.isPresent() && !keysOf(source.get()).contains(String.valueOf(key))) {
            problems.add(where + ": " + variable + " reads key " + key + ", which " + kind + " " + name + " does not have");
        }
        if (source.isEmpty() && !readme.contains("`" + name + "`")) {
            problems.add(where + ": " + variable + " reads " + kind + " " + name
                    + ", which is neither in the manifests nor documented in deploy/README.md");
        }
        documented(where + " " + variable, String.valueOf(key));
    }

    private void documented(String where, String key) {
        if (!readme.contains("`" + key + "`")) {
            problems.add(where + ": the key " + key + " is not documented in deploy/README.md");
        }
    }

    private List<Map<String, Object>> workloadsSelectedBy(Map<String, Object> selector, Object labels) {
        List<Map<String, Object>> found = new ArrayList<>();
        if (!(labels instanceof Map<?, ?> wanted) || wanted.isEmpty()) {
            return found;
        }
        for (Map<String, Object> object : objects) {
            Object podLabels = Yaml.at(object, "spec", "template", "metadata", "labels");
            if (Set.of("Deployment", "StatefulSet").contains(Kustomize.kind(object))
                    && Objects.equals(namespace(object), namespace(selector))
                    && podLabels instanceof Map<?, ?> have
                    && wanted.entrySet().stream().allMatch(e -> Objects.equals(have.get(e.getKey()), e.getValue()))) {
                found.add(object);
            }
        }
        return found;
    }

    private static Map<String, Object> servicePort(Map<String, Object> service, Object backendPort) {
        Object name = Yaml.at(backendPort, "name");
        Object number = Yaml.at(backendPort, "number");
        for (Object port : Yaml.list(Yaml.at(service, "spec", "ports"), "ports")) {
            if (name != null && name.equals(Yaml.at(port, "name")) || number != null && number.equals(Yaml.at(port, "port"))) {
                return Yaml.map(port, "port");
            }
        }
        return null;
    }

    private static boolean opensPort(Map<String, Object> workload, Object targetPort) {
        for (Object c : Yaml.list(Yaml.at(workload, "spec", "template", "spec", "containers"), "containers")) {
            for (Object port : Yaml.list(Yaml.at(c, "ports"), "ports")) {
                if (Objects.equals(targetPort, Yaml.at(port, "containerPort")) || Objects.equals(targetPort, Yaml.at(port, "name"))) {
                    return true;
                }
            }
        }
        return false;
    }

    private Optional<Map<String, Object>> find(String kind, String name, String namespace) {
        return objects.stream().filter(o -> kind.equals(Kustomize.kind(o)) && name.equals(Kustomize.name(o))
                && Objects.equals(namespace, namespace(o))).findFirst();
    }

    private static Set<String> keysOf(Map<String, Object> object) {
        Set<String> keys = new HashSet<>();
        for (String field : List.of("data", "stringData", "binaryData")) {
            if (object.get(field) instanceof Map<?, ?> data) {
                data.keySet().forEach(k -> keys.add(String.valueOf(k)));
            }
        }
        return keys;
    }

    private static String namespace(Map<String, Object> object) {
        return Objects.toString(Yaml.at(object, "metadata", "namespace"), null);
    }

    private static String id(Map<String, Object> object) {
        String namespace = namespace(object);
        return Kustomize.kind(object) + " " + (namespace == null ? "" : namespace + "/") + Kustomize.name(object);
    }
}
