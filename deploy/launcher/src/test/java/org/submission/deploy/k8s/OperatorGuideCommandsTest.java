package org.submission.deploy.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretKeySelector;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.submission.deploy.testing.OperatorGuide;
import org.submission.deploy.testing.Project;
import org.submission.platform.testing.ExternalTool;

/**
 * The kubectl and Maven commands of the operator's guide, so that none rots: what can run without
 * a cluster is run (rendering, the Secrets with {@code --dry-run=client}); the rest must name the
 * overlay's namespace, Deployments and labels, and tests that exist.
 */
class OperatorGuideCommandsTest {

    private static final Pattern KUSTOMIZE = Pattern.compile("kubectl (?:kustomize|apply -k) (\\S+)");
    private static final Pattern DEPLOYMENT = Pattern.compile("deployment/([a-z0-9-]+)");
    private static final Pattern LABEL = Pattern.compile(" -l ([^=\\s]+)=(\\S+)");

    @Test
    void everyKustomizationTheGuideRendersOrAppliesRenders() throws Exception {
        List<String> paths = new ArrayList<>();
        for (String command : OperatorGuide.read().commands("kubectl")) {
            Matcher matcher = KUSTOMIZE.matcher(command);
            if (matcher.matches()) {
                paths.add(matcher.group(1));
            }
        }

        assertThat(paths).isNotEmpty().allSatisfy(path -> {
            assertThat(Project.ROOT.resolve(path).resolve("kustomization.yaml")).isRegularFile();
            assertThat(Rendered.kustomize(Project.ROOT.resolve(path)).all(Deployment.class)).hasSize(3);
        });
    }

    @Test
    void theSecretsTheGuideCreatesHoldEveryKeyTheProductionPodsRead() throws Exception {
        Rendered production = Rendered.kustomize(AlertRules.OVERLAY);
        ExternalTool.require("openssl");
        List<Secret> created = new ArrayList<>();
        for (String command : OperatorGuide.read().commands("kubectl")) {
            if (command.contains(" create secret ")) {
                created.add(dryRun(command));
            }
        }

        List<SecretKeySelector> read = secretKeysRead(production);
        assertThat(read).isNotEmpty().allSatisfy(key -> assertThat(created)
                .as("the guide creates %s with key %s", key.getName(), key.getKey())
                .anyMatch(secret -> secret.getMetadata().getName().equals(key.getName())
                        && secret.getData().containsKey(key.getKey())));
        String namespace = production.all(Deployment.class).get(0).getMetadata().getNamespace();
        assertThat(created).allSatisfy(secret -> assertThat(secret.getMetadata().getNamespace()).isEqualTo(namespace));
    }

    @Test
    void everyOtherKubectlCommandNamesTheOverlaysNamespaceDeploymentsAndLabels() throws Exception {
        List<Deployment> deployments = Rendered.kustomize(AlertRules.OVERLAY).all(Deployment.class);
        String namespace = deployments.get(0).getMetadata().getNamespace();
        List<String> commands = OperatorGuide.read().commands("kubectl").stream()
                .filter(command -> !KUSTOMIZE.matcher(command).matches()).toList();

        assertThat(commands).isNotEmpty().allSatisfy(command -> {
            if (command.startsWith("kubectl create namespace ")) {
                assertThat(command).isEqualTo("kubectl create namespace " + namespace);
                return;
            }
            assertThat(command).startsWith("kubectl -n " + namespace + " ");
            Matcher deployment = DEPLOYMENT.matcher(command);
            while (deployment.find()) {
                assertThat(deployments).extracting(d -> d.getMetadata().getName()).contains(deployment.group(1));
            }
            Matcher label = LABEL.matcher(command);
            if (label.find()) {
                assertThat(deployments).allSatisfy(d -> assertThat(d.getMetadata().getLabels())
                        .containsEntry(label.group(1), label.group(2)));
            }
        });
    }

    @Test
    void theGuidesMavenCheckNamesTestsOfThisModule() throws Exception {
        List<String> tests = new ArrayList<>();
        for (String command : OperatorGuide.read().commands("./mvnw")) {
            Matcher matcher = Pattern.compile("-pl (\\S+) .*-Dtest='([^']+)'").matcher(command);
            assertThat(matcher.find()).as(command).isTrue();
            for (String test : matcher.group(2).split(",")) {
                tests.add(matcher.group(1) + "/src/test/java/org/submission/deploy/k8s/" + test + ".java");
            }
        }

        assertThat(tests).isNotEmpty().allSatisfy(test -> assertThat(Project.ROOT.resolve(test)).isRegularFile());
    }

    /** The command as the guide gives it, made into its manifest without a cluster. */
    private static Secret dryRun(String command) throws Exception {
        Process process = new ProcessBuilder("bash", "-c", command + " --dry-run=client -o yaml")
                .redirectErrorStream(true).start();
        String yaml = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(yaml).isZero();
        return Rendered.parse(yaml.replace("  creationTimestamp: null\n", "")).all(Secret.class).get(0);
    }

    private static List<SecretKeySelector> secretKeysRead(Rendered rendered) {
        List<SecretKeySelector> keys = new ArrayList<>();
        for (Deployment deployment : rendered.all(Deployment.class)) {
            for (Container container : deployment.getSpec().getTemplate().getSpec().getContainers()) {
                for (EnvVar env : container.getEnv()) {
                    SecretKeySelector key = env.getValueFrom() == null ? null : env.getValueFrom().getSecretKeyRef();
                    if (key != null && !Boolean.TRUE.equals(key.getOptional())) {
                        keys.add(key);
                    }
                }
            }
        }
        return keys;
    }
}
