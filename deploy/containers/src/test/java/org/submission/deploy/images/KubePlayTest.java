package org.submission.deploy.images;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.submission.platform.testing.ExternalTool;

/**
 * The production overlay's pods, run by {@code podman kube play}: rendered by {@code kubectl
 * kustomize} through an overlay of the test's (target/kube-play) that points the images at those
 * of {@link ServiceImage} and loads the demo data (a ConfigMap key), then adapted only where
 * podman 4.3 cannot take the manifest (deploy/README.md, "Containers tested here"): the Secrets are
 * created with {@code podman secret create}, the {@code fieldRef} variable is left out, each
 * containerPort gets a free hostPort, one replica is played, the ConfigMap loses the keys a
 * container's {@code env} sets (podman lets {@code envFrom} win), and only
 * the ConfigMap and the Deployments are played (podman runs no Service, Ingress, HPA, PDB,
 * NetworkPolicy or Prometheus operator object; NetworkPoliciesTest evaluates the rendered policies).
 * Unlike the image tests, this one drives podman's command, not Testcontainers: playing Kubernetes
 * YAML, pods and secrets are podman's own, with no call in the Docker API that Testcontainers
 * speaks.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KubePlayTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final String BACKEND_USER = "kube-play-backend";
    private static final String BACKEND_PASSWORD = "kube-play-secret";
    private static final Map<String, String> REQUESTS = Map.of(
            "schema-service", "/schemaservice?entityIds=10",
            "policy-service", "/policy/policies?submission=60",
            "doi-service", "/doi/journal?doi=not-a-doi");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final List<JsonNode> rendered = new ArrayList<>();
    private final Map<String, String> podAddresses = new LinkedHashMap<>();
    private final Map<String, String> containers = new LinkedHashMap<>();
    private BridgedPostgres database;
    private Path played;
    private FileChannel machineLock;

    @BeforeAll
    void playTheProductionOverlay() throws Exception {
        ServiceImage.all(ServiceImage.SERVICES);
        // the played pods and the Secrets have the manifests' names, which podman keeps one of per
        // machine: a second build on the same machine waits here until this one's pods are down
        machineLock = FileChannel.open(Path.of(System.getProperty("java.io.tmpdir"), "submission-kube-play.lock"),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        machineLock.lock();
        database = BridgedPostgres.start();
        rendered.addAll(render());
        createSecrets();
        played = Files.createTempFile("kube-play", ".yaml");
        StringBuilder yaml = new StringBuilder();
        for (JsonNode document : rendered) {
            String kind = document.path("kind").asText();
            if (kind.equals("ConfigMap") || kind.equals("Deployment")) {
                yaml.append("---\n").append(YAML.writeValueAsString(kind.equals("Deployment") ? adapted(document)
                        : withoutVariablesSetByEnv(document)));
            }
        }
        Files.writeString(played, yaml);
        removePlayedPods();
        play();
        for (JsonNode deployment : deployments()) {
            String name = deployment.at("/metadata/name").asText();
            String pod = Podman.run("pod", "ps", "--filter", "name=^" + name + "-pod", "--format", "{{.Name}}").lines()
                    .findFirst().orElseThrow(() -> new AssertionError("no pod of " + name + ": " + Podman.run("pod", "ps")));
            containers.put(name, Podman.run("ps", "-a", "--filter", "pod=" + pod, "--format", "{{.Names}}").lines()
                    .filter(c -> !c.endsWith("-infra")).findFirst().orElseThrow());
            String infra = Podman.run("pod", "inspect", pod, "--format", "{{.InfraContainerID}}");
            podAddresses.put(name, Podman.run("inspect", infra, "--format",
                    "{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}"));
        }
        for (JsonNode deployment : deployments()) {
            awaitReady(deployment);
        }
    }

    @AfterAll
    void tearDown() throws java.io.IOException {
        if (played != null) {
            removePlayedPods();
            Files.deleteIfExists(played);
        }
        Podman.attempt("secret", "rm", "submission-secrets");
        Podman.attempt("secret", "rm", "submission-db");
        if (database != null) {
            database.close();
        }
        if (machineLock != null) {
            machineLock.close();
        }
    }

    @Test
    void everyDeploymentsPodRunsItsServiceAsTheManifestSays() {
        for (JsonNode deployment : deployments()) {
            String name = deployment.at("/metadata/name").asText();
            String container = Podman.run("ps", "--filter", "name=^" + containers.get(name) + "$", "--filter", "status=running",
                    "--format", "{{.Names}} {{.Image}}");
            assertThat(container).as(name).contains(ServiceImage.of(name).name());
        }
    }

    @Test
    void everyProbePathAnswers200() throws Exception {
        for (JsonNode deployment : deployments()) {
            JsonNode container = deployment.at("/spec/template/spec/containers/0");
            for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
                JsonNode get = container.path(probe).path("httpGet");
                HttpResponse<String> answer = send(deployment, get.path("port").asInt(), get.path("path").asText(), false);
                assertThat(answer.statusCode()).as("%s %s %s", deployment.at("/metadata/name").asText(), probe,
                        get.path("path").asText()).isEqualTo(200);
            }
        }
    }

    @Test
    void aRequestThroughEachServicesPortAnswersWithTheSecretsAccount() throws Exception {
        for (JsonNode service : kind("Service")) {
            String name = service.at("/metadata/name").asText();
            JsonNode deployment = deployments().stream().filter(d -> d.at("/metadata/name").asText().equals(name)).findFirst()
                    .orElseThrow();
            int targetPort = service.at("/spec/ports/0/targetPort").asInt();

            HttpResponse<String> answer = send(deployment, targetPort, REQUESTS.get(name), true);
            HttpResponse<String> anonymous = send(deployment, targetPort, REQUESTS.get(name), false);

            assertThat(answer.statusCode()).as("%s: %s", name, answer.body()).isEqualTo(name.equals("doi-service") ? 400 : 200);
            assertThat(answer.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).contains("json"));
            assertThat(anonymous.statusCode()).as(name).isEqualTo(401);
        }
    }

    /** The production ConfigMap's QUARKUS_SWAGGER_UI_ENABLED=false switches off the UI the images include. */
    @Test
    void swaggerUiIsOff() throws Exception {
        for (JsonNode deployment : deployments()) {
            int port = deployment.at("/spec/template/spec/containers/0/ports/0/containerPort").asInt();

            assertThat(send(deployment, port, "/q/swagger-ui/", true).statusCode()).as(deployment.at("/metadata/name").asText())
                    .isEqualTo(404);
        }
    }

    @Test
    void everyPodsJvmMapsTheAotCacheItsImageCarries() {
        // the manifests' JAVA_OPTS replace the image's, so they must name the image's cache
        for (JsonNode deployment : deployments()) {
            String name = deployment.at("/metadata/name").asText();
            assertThat(Podman.run("exec", containers.get(name), "cat", "/proc/1/maps")).as(name)
                    .contains(ServiceImage.CLASS_DATA_ARCHIVE);
        }
    }

    @Test
    void podsTakeTheConfigMapsValues() throws Exception {
        JsonNode policy = deployments().stream().filter(d -> d.at("/metadata/name").asText().equals("policy-service"))
                .findFirst().orElseThrow();
        HttpResponse<String> policies = send(policy, 8082, REQUESTS.get("policy-service"), true);
        assertThat(policies.body()).as("SERVICE_POLICY_INSTITUTION's policy").contains("\"institution\"");

        String log = Podman.run("logs", containers.get("policy-service"));
        // the JVM's own warnings ("[0.001s][warning]...") are written before the service's logging starts
        assertThat(log.lines().filter(l -> !l.isBlank() && !l.startsWith("[")))
                .as("SUBMISSION_LOG_JSON=true of the production ConfigMap").isNotEmpty().allMatch(l -> l.startsWith("{"));
    }

    /**
     * Plays the pods on the bridge BridgedPostgres listens on. A play that hangs adding a container
     * to its pod is podman's lock table out of step with its database (deploy/README.md,
     * "Containers tested here"): the failure says how to mend it rather than wait ten minutes.
     */
    private void play() {
        List<String> command = Podman.command("kube", "play", "--network", "podman", played.toString());
        try {
            Podman.exec(command, 180).orFail(command);
        } catch (Podman.Hung hung) {
            throw new IllegalStateException(hung.getMessage() + "\nIf podman's shared memory (/dev/shm/libpod_lock) is"
                    + " newer than /run/libpod/alive, podman hands out lock numbers its containers hold: run"
                    + " 'podman system renumber' with no other podman command running (.ci/run does)", hung);
        }
    }

    /**
     * Removes the Deployments' pods and containers by name, those of an earlier play on this machine
     * included: podman 4.3's kube down stops at the first pod it does not find (after a play that
     * failed part way), and a build that was killed tears down nothing; a container whose creation
     * was cut off keeps its name in podman's storage alone, which rm --force removes.
     */
    private void removePlayedPods() {
        for (JsonNode deployment : deployments()) {
            String pod = deployment.at("/metadata/name").asText() + "-pod-0";
            Podman.attempt("pod", "rm", "--force", "--ignore", "--time", "0", pod);
            for (JsonNode container : deployment.at("/spec/template/spec/containers")) {
                Podman.attempt("rm", "--force", "--ignore", pod + "-" + container.path("name").asText());
            }
        }
    }

    private List<JsonNode> render() throws Exception {
        Path overlay = Podman.ROOT.resolve("deploy/containers/target/kube-play");
        Files.createDirectories(overlay);
        StringBuilder images = new StringBuilder();
        for (String service : ServiceImage.SERVICES) {
            images.append("  - name: registry.example.org/submission/").append(service).append('\n')
                    .append("    newName: localhost/submission-test/").append(service).append('\n')
                    .append("    newTag: ").append(ServiceImage.CHECKOUT_TAG).append('\n');
        }
        Files.writeString(overlay.resolve("kustomization.yaml"), """
                # written by KubePlayTest: the production overlay with the images built by the tests, the demo
                # data on a database of the test's own (migrated by the services), and the operator's settings
                resources:
                  - ../../../k8s/overlays/production
                images:
                %sgeneratorOptions:
                  disableNameSuffixHash: true
                configMapGenerator:
                  - name: submission-config
                    namespace: submission
                    behavior: merge
                    literals:
                      - SUBMISSION_SEED_DEMO=true
                      - SUBMISSION_DB_MIGRATE=true
                %s""".formatted(images, operatorSettings()));
        Process kubectl = new ProcessBuilder(ExternalTool.require("kubectl").toString(), "kustomize", overlay.toString())
                .redirectErrorStream(true).start();
        String yaml = new String(kubectl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(kubectl.waitFor()).as(yaml).isZero();
        return YAML.readerFor(JsonNode.class).<JsonNode>readValues(yaml).readAll();
    }

    /** What the production overlay requires of the operator (SUBMISSION_REQUIRED_SETTINGS), as config.env literals. */
    private static String operatorSettings() {
        Map<String, String> settings = new LinkedHashMap<>(PolicyServiceImageTest.INSTITUTION);
        settings.put("DOI_SERVICE_MAILTO", "kube-play@example.org");
        StringBuilder literals = new StringBuilder();
        settings.forEach((name, value) -> literals.append("      - ").append(name).append('=').append(value).append('\n'));
        return literals.toString();
    }

    /** The Secrets the operator creates (docs/operator-guide.md), as podman takes them: the data map as JSON. */
    private void createSecrets() throws Exception {
        secret("submission-secrets", Map.of("backend-user", BACKEND_USER, "backend-password", BACKEND_PASSWORD,
                "proxy-secret", "kube-play-proxy-secret", "db-password", "unused"));
        secret("submission-db", Map.of("url", database.urlFromBridge(), "username", "postgres", "password", ""));
    }

    private static void secret(String name, Map<String, String> data) throws Exception {
        Map<String, String> encoded = new LinkedHashMap<>();
        data.forEach((key, value) -> encoded.put(key, Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8))));
        Path file = Files.createTempFile(name, ".json");
        Files.writeString(file, new ObjectMapper().writeValueAsString(encoded));
        Podman.attempt("secret", "rm", name);
        Podman.run("secret", "create", name, file.toString());
        Files.delete(file);
    }

    /**
     * podman 4.3 refuses {@code fieldRef} ("metadata.namespace is either not valid or not
     * supported"): left out. It publishes a containerPort without hostPort on the host's port of
     * the same number (taken on a machine running ./run.sh): each gets a free loopback hostPort.
     * It plays every replica as a pod, whose host ports would collide: one replica is played.
     */
    private static JsonNode adapted(JsonNode deployment) throws java.io.IOException {
        ObjectNode copy = deployment.deepCopy();
        ((ObjectNode) copy.path("spec")).put("replicas", 1);
        for (JsonNode container : copy.at("/spec/template/spec/containers")) {
            for (JsonNode port : container.path("ports")) {
                try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
                    ((ObjectNode) port).put("hostPort", free.getLocalPort()).put("hostIP", "127.0.0.1");
                }
            }
            Iterator<JsonNode> env = ((ArrayNode) container.path("env")).elements();
            while (env.hasNext()) {
                if (env.next().at("/valueFrom/fieldRef").isObject()) {
                    env.remove();
                }
            }
        }
        return copy;
    }

    /**
     * In Kubernetes a container's {@code env} wins over its {@code envFrom}; podman 4.3 lets the
     * ConfigMap win (the production overlay's database URL from the Secret lost to the base
     * ConfigMap's): the keys some container sets by {@code env} are left out of the ConfigMap.
     */
    private JsonNode withoutVariablesSetByEnv(JsonNode configMap) {
        ObjectNode copy = configMap.deepCopy();
        for (JsonNode deployment : deployments()) {
            for (JsonNode container : deployment.at("/spec/template/spec/containers")) {
                container.path("env").forEach(env -> ((ObjectNode) copy.path("data")).remove(env.path("name").asText()));
            }
        }
        return copy;
    }

    private void awaitReady(JsonNode deployment) throws Exception {
        String name = deployment.at("/metadata/name").asText();
        JsonNode readiness = deployment.at("/spec/template/spec/containers/0/readinessProbe/httpGet");
        long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
        while (System.nanoTime() < deadline) {
            try {
                if (send(deployment, readiness.path("port").asInt(), readiness.path("path").asText(), false).statusCode() == 200) {
                    return;
                }
            } catch (java.io.IOException notYet) {
                // not listening yet
            }
            Thread.sleep(500);
        }
        throw new AssertionError(name + " not ready; its log:\n" + Podman.attempt("logs", "--tail", "40",
                containers.get(name)).err());
    }

    private HttpResponse<String> send(JsonNode deployment, int port, String path, boolean backend) throws Exception {
        URI uri = URI.create("http://" + podAddresses.get(deployment.at("/metadata/name").asText()) + ":" + port + path);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30));
        if (backend) {
            request.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                    (BACKEND_USER + ":" + BACKEND_PASSWORD).getBytes(StandardCharsets.UTF_8)))
                    .header("X-XSRF-TOKEN", "t").header("Cookie", "XSRF-TOKEN=t");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private List<JsonNode> deployments() {
        return kind("Deployment");
    }

    private List<JsonNode> kind(String kind) {
        return rendered.stream().filter(d -> d.path("kind").asText().equals(kind)).toList();
    }
}
