package org.submission.deploy.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Capabilities;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rendered Deployment (the base and each overlay) meets the Kubernetes "restricted" Pod
 * Security Standard, and its read-only root leaves only emptyDir volumes writable.
 */
class PodSecurityTest {

    static Stream<Path> kustomizations() throws Exception {
        return ManifestsTest.kustomizations();
    }

    @ParameterizedTest
    @MethodSource("kustomizations")
    void everyPodMeetsTheRestrictedPodSecurityStandard(Path dir) throws Exception {
        for (Deployment deployment : Rendered.kustomize(dir).all(Deployment.class)) {
            String name = deployment.getMetadata().getName();
            PodSpec pod = deployment.getSpec().getTemplate().getSpec();
            PodSecurityContext podContext = Optional.ofNullable(pod.getSecurityContext()).orElseGet(PodSecurityContext::new);
            assertThat(pod.getHostNetwork()).as("%s hostNetwork", name).isNotEqualTo(Boolean.TRUE);
            assertThat(pod.getHostPID()).as("%s hostPID", name).isNotEqualTo(Boolean.TRUE);
            assertThat(pod.getHostIPC()).as("%s hostIPC", name).isNotEqualTo(Boolean.TRUE);
            assertThat(podContext.getRunAsUser()).as("%s runAsUser", name).isNotEqualTo(0L);
            for (Container container : pod.getContainers()) {
                SecurityContext context = container.getSecurityContext();
                assertThat(context).as("%s: the container's securityContext", name).isNotNull();
                assertThat(context.getAllowPrivilegeEscalation()).as("%s allowPrivilegeEscalation", name).isFalse();
                assertThat(context.getPrivileged()).as("%s privileged", name).isNotEqualTo(Boolean.TRUE);
                Capabilities capabilities = context.getCapabilities();
                assertThat(capabilities.getDrop()).as("%s capabilities.drop", name).containsExactly("ALL");
                assertThat(capabilities.getAdd()).as("%s capabilities.add", name).isNullOrEmpty();
                assertThat(context.getReadOnlyRootFilesystem()).as("%s readOnlyRootFilesystem", name).isTrue();
                assertThat(Optional.ofNullable(context.getRunAsNonRoot()).orElse(podContext.getRunAsNonRoot()))
                        .as("%s runAsNonRoot", name).isTrue();
                assertThat(Optional.ofNullable(context.getRunAsUser()).orElse(podContext.getRunAsUser()))
                        .as("%s runs as a numeric non-root user", name).isNotNull().isPositive();
                String seccomp = Optional.ofNullable(context.getSeccompProfile())
                        .or(() -> Optional.ofNullable(podContext.getSeccompProfile()))
                        .map(profile -> profile.getType()).orElse(null);
                assertThat(seccomp).as("%s seccompProfile", name).isIn("RuntimeDefault", "Localhost");
            }
        }
    }

    /** The services never call the Kubernetes API: no pod carries a token for it. */
    @ParameterizedTest
    @MethodSource("kustomizations")
    void everyPodMountsNoServiceAccountToken(Path dir) throws Exception {
        assertThat(Rendered.kustomize(dir).all(Deployment.class)).isNotEmpty().allSatisfy(deployment -> assertThat(
                deployment.getSpec().getTemplate().getSpec().getAutomountServiceAccountToken())
                .as(deployment.getMetadata().getName()).isFalse());
    }

    @ParameterizedTest
    @MethodSource("kustomizations")
    void everyPodCanWriteOnlyTmpAndOnlyToAnEmptyDir(Path dir) throws Exception {
        for (Deployment deployment : Rendered.kustomize(dir).all(Deployment.class)) {
            PodSpec pod = deployment.getSpec().getTemplate().getSpec();
            for (Container container : pod.getContainers()) {
                assertThat(container.getVolumeMounts()).as(deployment.getMetadata().getName())
                        .filteredOn(mount -> !Boolean.TRUE.equals(mount.getReadOnly()))
                        .extracting(VolumeMount::getMountPath).containsExactly("/tmp");
                String tmp = container.getVolumeMounts().stream().filter(m -> m.getMountPath().equals("/tmp"))
                        .findFirst().orElseThrow().getName();
                Volume volume = pod.getVolumes().stream().filter(v -> v.getName().equals(tmp)).findFirst().orElseThrow();
                assertThat(volume.getEmptyDir()).as("%s: /tmp is an emptyDir", deployment.getMetadata().getName()).isNotNull();
                assertThat(volume.getEmptyDir().getSizeLimit()).as("a size limit").isNotNull();
            }
            assertThat(pod.getVolumes()).allSatisfy(v -> assertThat(v.getHostPath()).as("no hostPath volume").isNull());
        }
    }
}
